CREATE TABLE "purchase_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_counts" ADD CONSTRAINT "purchase_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "purchase_counts" ("user_id", "orders") SELECT "user_id", count(*) FROM "orders" GROUP BY "user_id";
