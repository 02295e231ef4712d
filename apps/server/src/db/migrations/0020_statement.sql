-- Each line keeps its account's balance right after it, so a user's statement reads a page of lines
-- with their running balance, however long the history. Lines written before are given the running
-- sum of their account's lines in id order, which ends at the balance (the ledger check holds it).
ALTER TABLE "journal_lines" ADD COLUMN "balance_after" bigint;
--> statement-breakpoint
UPDATE "journal_lines" l SET "balance_after" = r."running"
FROM (
  SELECT "id", sum("amount") OVER (PARTITION BY "account_id" ORDER BY "id") AS "running" FROM "journal_lines"
) r
WHERE l."id" = r."id";
--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "balance_after" SET NOT NULL;
--> statement-breakpoint
-- An order keeps what a coupon took off its list price; the wallet paid the rest. Orders before it
-- read their discount from their purchase entry, where the house's payouts paid it.
ALTER TABLE "orders" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "orders" o SET "discount" = -l."amount"
FROM "journal_entries" e
JOIN "journal_lines" l ON l."entry_id" = e."id"
JOIN "ledger_accounts" a ON a."id" = l."account_id" AND a."user_id" IS NULL AND a."kind" = 'payouts'
WHERE e."type" = 'purchase' AND e."ref_type" = 'order' AND e."ref_id" = o."id"::text;
