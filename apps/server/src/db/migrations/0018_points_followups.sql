-- Points follow-ups (issue 13). Income per user, platform day and entry type, so a period's split by type is read from the
-- running totals: the same one upsert per posting, keyed one column wider.
ALTER TABLE "income_days" ADD COLUMN "entry_type" text;
--> statement-breakpoint
DELETE FROM "income_days";
--> statement-breakpoint
INSERT INTO "income_days" ("user_id", "day", "entry_type", "amount")
SELECT a."user_id",
  (l."created_at" AT TIME ZONE coalesce((SELECT "value"->>'value' FROM "settings" WHERE "key" = 'timezone'), 'Africa/Lagos'))::date,
  e."type",
  sum(l."amount")
FROM "journal_lines" l
JOIN "journal_entries" e ON e."id" = l."entry_id"
JOIN "ledger_accounts" a ON a."id" = l."account_id"
WHERE a."user_id" IS NOT NULL AND a."kind" IN ('uncollected', 'income')
  AND e."type" IN ('product_profit', 'distribution_profit', 'other_profit', 'new_invite_bonus', 'repurchase_bonus', 'team_rank_prize')
GROUP BY 1, 2, 3;
--> statement-breakpoint
ALTER TABLE "income_days" ALTER COLUMN "entry_type" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "income_days" DROP CONSTRAINT "income_days_user_id_day_pk";
--> statement-breakpoint
ALTER TABLE "income_days" ADD CONSTRAINT "income_days_user_id_day_entry_type_pk" PRIMARY KEY("user_id","day","entry_type");
--> statement-breakpoint
-- Coupon names in the six languages, as the draws' prize names: a name kept so far is the English one.
ALTER TABLE "coupons" ALTER COLUMN "name" TYPE jsonb USING jsonb_build_object('en', "name");
--> statement-breakpoint
ALTER TABLE "redeem_batches" ALTER COLUMN "coupon_name" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "redeem_batches" ALTER COLUMN "coupon_name" TYPE jsonb
  USING CASE WHEN "coupon_name" = '' THEN '{}'::jsonb ELSE jsonb_build_object('en', "coupon_name") END;
--> statement-breakpoint
ALTER TABLE "redeem_batches" ALTER COLUMN "coupon_name" SET DEFAULT '{}'::jsonb;
