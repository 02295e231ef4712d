CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"extension" text NOT NULL,
	"purpose" text NOT NULL,
	"storage" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_key" CHECK ("uploads"."key" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "uploads_one_owner" CHECK (("uploads"."user_id" is null) <> ("uploads"."admin_id" is null))
);
--> statement-breakpoint
CREATE TABLE "upload_bytes" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" bytea NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at") WHERE "uploads"."user_id" is not null;
