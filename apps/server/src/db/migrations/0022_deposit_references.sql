-- How many references a top-up has had at its provider: the first is its transaction id, the n-th
-- (n > 1) is "<transaction id>-<n>", started when the provider had taken the previous one but its
-- pay page was never saved (the answer lost). Every one of them still settles the same top-up.
ALTER TABLE "deposits" ADD COLUMN "reference_count" integer DEFAULT 1 NOT NULL;
