-- Every email and SMS is delivered by the `deliveries` job, retried with backoff until its deadline.
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "deadline" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sealed_code" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "code_id" bigint;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "purpose" text;
--> statement-breakpoint
-- Messages from before the queue were tried once, at once: sent, or kept in the outbox only.
UPDATE "outbox" SET
  "status" = CASE WHEN "delivered" THEN 'sent' ELSE 'failed' END,
  "attempts" = 1,
  "deadline" = "created_at",
  "sent_at" = CASE WHEN "delivered" THEN "created_at" END,
  "last_error" = CASE WHEN "delivered" THEN NULL ELSE 'not delivered: kept in the outbox only (before delivery retries)' END;
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "deadline" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "delivered";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('queued', 'sent', 'delivered', 'failed'));
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'queued';
--> statement-breakpoint
CREATE INDEX "outbox_provider_idx" ON "outbox" USING btree ("provider","provider_id") WHERE "outbox"."provider_id" is not null;
--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","id");
