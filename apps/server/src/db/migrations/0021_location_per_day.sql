-- A user's reported position is kept once per platform day: a later report of the same day moves
-- that day's row (its position and time) instead of adding one. Rows written before keep no day,
-- and the unique index, which ignores nulls, leaves them as they are.
ALTER TABLE "location_reports" ADD COLUMN "day" date;
--> statement-breakpoint
CREATE UNIQUE INDEX "location_reports_user_day" ON "location_reports" USING btree ("user_id","day");
