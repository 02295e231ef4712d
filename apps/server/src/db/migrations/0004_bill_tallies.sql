CREATE TABLE "income_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "income_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_tallies" (
	"user_id" integer NOT NULL,
	"account_kind" text NOT NULL,
	"entry_type" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_tallies_user_id_account_kind_entry_type_pk" PRIMARY KEY("user_id","account_kind","entry_type")
);
--> statement-breakpoint
ALTER TABLE "income_days" ADD CONSTRAINT "income_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_tallies" ADD CONSTRAINT "ledger_tallies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The totals of the journal written so far.
INSERT INTO "ledger_tallies" ("user_id", "account_kind", "entry_type", "amount")
SELECT a."user_id", a."kind", e."type", sum(l."amount")
FROM "journal_lines" l
JOIN "journal_entries" e ON e."id" = l."entry_id"
JOIN "ledger_accounts" a ON a."id" = l."account_id"
WHERE a."user_id" IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "income_days" ("user_id", "day", "amount")
SELECT a."user_id",
  (l."created_at" AT TIME ZONE coalesce((SELECT "value"->>'value' FROM "settings" WHERE "key" = 'timezone'), 'Africa/Lagos'))::date,
  sum(l."amount")
FROM "journal_lines" l
JOIN "journal_entries" e ON e."id" = l."entry_id"
JOIN "ledger_accounts" a ON a."id" = l."account_id"
WHERE a."user_id" IS NOT NULL AND a."kind" IN ('uncollected', 'income')
  AND e."type" IN ('product_profit', 'distribution_profit', 'other_profit', 'new_invite_bonus', 'repurchase_bonus')
GROUP BY 1, 2;
