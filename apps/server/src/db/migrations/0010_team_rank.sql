CREATE TABLE "teams" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"named_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_key" ON "teams" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "rank_cycles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rank_cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"settle_key" text,
	"teams" integer,
	"paid" bigint,
	CONSTRAINT "rank_cycles_span" CHECK ("rank_cycles"."ends_at" > "rank_cycles"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "rank_cycles" ADD CONSTRAINT "rank_cycles_settled_by_admin_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_cycles_starts_at_key" ON "rank_cycles" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rank_cycles_settle_key" ON "rank_cycles" USING btree ("settle_key");--> statement-breakpoint
CREATE INDEX "rank_cycles_open_idx" ON "rank_cycles" USING btree ("ends_at") WHERE "rank_cycles"."status" = 'open';--> statement-breakpoint
CREATE TABLE "team_points" (
	"cycle_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"points" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_points_cycle_id_owner_id_pk" PRIMARY KEY("cycle_id","owner_id")
);
--> statement-breakpoint
CREATE INDEX "team_points_ranking_idx" ON "team_points" USING btree ("cycle_id","points" DESC NULLS LAST,"reached_at","owner_id");--> statement-breakpoint
CREATE TABLE "rank_standings" (
	"cycle_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"team_name" text NOT NULL,
	"points" bigint NOT NULL,
	"size" integer NOT NULL,
	"prize" bigint NOT NULL,
	"entry_id" bigint,
	CONSTRAINT "rank_standings_pkey" PRIMARY KEY("cycle_id","rank"),
	CONSTRAINT "rank_standings_prize" CHECK ("rank_standings"."prize" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rank_standings" ADD CONSTRAINT "rank_standings_cycle_id_rank_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."rank_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_standings" ADD CONSTRAINT "rank_standings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_standings" ADD CONSTRAINT "rank_standings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_standings_owner_key" ON "rank_standings" USING btree ("cycle_id","owner_id");
