INSERT INTO "user_ancestors" ("user_id", "ancestor_id", "depth")
WITH RECURSIVE "chain" ("user_id", "ancestor_id", "depth") AS (
	SELECT "id", "inviter_id", 1 FROM "users" WHERE "inviter_id" IS NOT NULL
	UNION ALL
	SELECT c."user_id", u."inviter_id", c."depth" + 1
	FROM "chain" c JOIN "users" u ON u."id" = c."ancestor_id"
	WHERE u."inviter_id" IS NOT NULL AND c."depth" < 3
)
SELECT "user_id", "ancestor_id", "depth" FROM "chain"
ON CONFLICT ("user_id", "ancestor_id") DO NOTHING;--> statement-breakpoint
DROP INDEX "user_ancestors_ancestor_idx";--> statement-breakpoint
CREATE INDEX "user_ancestors_team_idx" ON "user_ancestors" USING btree ("ancestor_id","depth","user_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "journal_entries" SET "member_id" = substr("memo", 6)::integer, "memo" = ''
WHERE "type" IN ('distribution_profit', 'new_invite_bonus') AND "memo" ~ '^user:[0-9]{1,9}$';--> statement-breakpoint
CREATE TABLE "team_contributions" (
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "team_contributions_user_id_member_id_pk" PRIMARY KEY("user_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "team_contributions" ADD CONSTRAINT "team_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contributions" ADD CONSTRAINT "team_contributions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "team_levels" (
	"user_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"members" integer NOT NULL,
	"commission" bigint NOT NULL,
	CONSTRAINT "team_levels_user_id_depth_pk" PRIMARY KEY("user_id","depth"),
	CONSTRAINT "team_levels_depth" CHECK ("team_levels"."depth" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "team_levels" ADD CONSTRAINT "team_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "team_commission_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "team_commission_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "team_commission_days" ADD CONSTRAINT "team_commission_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "team_contributions" ("user_id", "member_id", "amount")
SELECT e."user_id", e."member_id", sum(l."amount")
FROM "journal_entries" e
JOIN "journal_lines" l ON l."entry_id" = e."id"
JOIN "ledger_accounts" a ON a."id" = l."account_id" AND a."user_id" = e."user_id"
WHERE e."member_id" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "team_levels" ("user_id", "depth", "members", "commission")
SELECT ua."ancestor_id", ua."depth", count(*), coalesce(sum(c."amount"), 0)
FROM "user_ancestors" ua
LEFT JOIN "team_contributions" c ON c."user_id" = ua."ancestor_id" AND c."member_id" = ua."user_id"
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "team_commission_days" ("user_id", "day", "amount")
SELECT e."user_id",
	(e."created_at" AT TIME ZONE coalesce((SELECT "value"->>'value' FROM "settings" WHERE "key" = 'timezone'), 'Africa/Lagos'))::date,
	sum(l."amount")
FROM "journal_entries" e
JOIN "journal_lines" l ON l."entry_id" = e."id"
JOIN "ledger_accounts" a ON a."id" = l."account_id" AND a."user_id" = e."user_id"
WHERE e."member_id" IS NOT NULL
GROUP BY 1, 2;
