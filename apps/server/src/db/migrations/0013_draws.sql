CREATE TABLE "draw_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"points_per_draw" integer NOT NULL,
	"daily_limit" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "draw_campaigns_terms" CHECK ("draw_campaigns"."points_per_draw" >= 0 and "draw_campaigns"."daily_limit" >= 0 and "draw_campaigns"."ends_at" > "draw_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "draw_prizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	"image" text DEFAULT '' NOT NULL,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "draw_prizes_stock" CHECK ("draw_prizes"."stock" is null or "draw_prizes"."stock" >= 0),
	CONSTRAINT "draw_prizes_terms" CHECK ("draw_prizes"."weight" >= 0 and "draw_prizes"."amount" >= 0 and "draw_prizes"."min_spend" >= 0 and "draw_prizes"."valid_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "draw_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"day" date NOT NULL,
	"prize_name" jsonb NOT NULL,
	"prize_kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"points_spent" integer NOT NULL,
	"points_after" bigint NOT NULL,
	"draws_left" integer NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"coupon_id" integer,
	"address" jsonb,
	"carrier" text,
	"tracking" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_prizes" ADD CONSTRAINT "draw_prizes_campaign_id_draw_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."draw_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_campaign_id_draw_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."draw_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_prize_id_draw_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."draw_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_prizes_campaign_idx" ON "draw_prizes" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_records_idempotency_key" ON "draw_records" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "draw_records_user_day_idx" ON "draw_records" USING btree ("user_id","campaign_id","day");--> statement-breakpoint
CREATE INDEX "draw_records_user_idx" ON "draw_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "draw_records_status_idx" ON "draw_records" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "draw_records_prize_idx" ON "draw_records" USING btree ("prize_id");
