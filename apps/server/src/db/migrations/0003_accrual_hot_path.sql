ALTER TABLE "accruals" DROP CONSTRAINT "accruals_holding_id_holdings_id_fk";
--> statement-breakpoint
ALTER TABLE "accruals" DROP CONSTRAINT "accruals_entry_id_journal_entries_id_fk";
--> statement-breakpoint
DROP INDEX "accruals_entry_idx";--> statement-breakpoint
DROP INDEX "holdings_due_idx";--> statement-breakpoint
-- Each accrual cycle rewrites every due holding; free room on the page keeps that update heap-only.
ALTER TABLE "holdings" SET (fillfactor = 70);
