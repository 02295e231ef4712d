CREATE TABLE "set_aside_holdings" (
	"holding_id" bigint PRIMARY KEY NOT NULL,
	"error" text NOT NULL,
	"set_aside_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "set_aside_holdings" ADD CONSTRAINT "set_aside_holdings_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;
