ALTER TABLE "withdrawals" ADD COLUMN "account_type" text;--> statement-breakpoint
UPDATE "withdrawals" w SET "account_type" = a."type" FROM "payout_accounts" a WHERE a."id" = w."account_id";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "account_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_provider" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK (status in ('pending_review', 'rejected', 'pending_payment', 'paying', 'paid', 'payment_failed', 'reversed'));--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "recipient_code" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "problem" text;--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"type" text NOT NULL,
	"reference" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_provider_event_key_pk" PRIMARY KEY("provider","event_key")
);
--> statement-breakpoint
UPDATE "settings" SET "value" = jsonb_build_object('value', (
	SELECT coalesce(jsonb_agg(jsonb_build_object('name', stored.name, 'code', coalesce(known.code, '')) ORDER BY stored.n), '[]'::jsonb)
	FROM jsonb_array_elements_text("value" -> 'value') WITH ORDINALITY AS stored(name, n)
	LEFT JOIN (VALUES ('Access Bank', '044'), ('GTBank', '058'), ('First Bank', '011'), ('UBA', '033'), ('Zenith Bank', '057')) AS known(name, code)
		ON known.name = stored.name AND "key" = 'banks'
)) WHERE "key" IN ('banks', 'mobile_money_operators') AND jsonb_typeof("value" -> 'value') = 'array'
	AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("value" -> 'value') AS item WHERE jsonb_typeof(item) <> 'string');
