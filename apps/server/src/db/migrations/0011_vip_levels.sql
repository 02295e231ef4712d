CREATE TABLE "vip_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"requirement_kind" text,
	"requirement_amount" bigint,
	"price" bigint,
	"extra_draws" integer NOT NULL,
	"withdraw_fee_discount" numeric(7, 6) NOT NULL,
	"extra_withdrawals" integer NOT NULL,
	"income_bonus_rate" numeric(7, 6) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_levels_level" CHECK ("vip_levels"."level" between 1 and 99),
	CONSTRAINT "vip_levels_terms" CHECK (("vip_levels"."kind" = 'vip' and "vip_levels"."requirement_kind" is not null and "vip_levels"."requirement_amount" >= 0 and "vip_levels"."price" is null)
        or ("vip_levels"."kind" = 'svip' and "vip_levels"."requirement_kind" is null and "vip_levels"."price" > 0)),
	CONSTRAINT "vip_levels_benefits" CHECK ("vip_levels"."withdraw_fee_discount" between 0 and 1 and "vip_levels"."income_bonus_rate" between 0 and 1
        and "vip_levels"."extra_draws" >= 0 and "vip_levels"."extra_withdrawals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_level_idx" ON "users" USING btree ("level") WHERE "users"."level" > 0;
