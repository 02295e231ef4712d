CREATE TABLE "accruals" (
	"holding_id" bigint NOT NULL,
	"cycle_no" integer NOT NULL,
	"amount" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	CONSTRAINT "accruals_holding_id_cycle_no_pk" PRIMARY KEY("holding_id","cycle_no")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"cycle" text NOT NULL,
	"cycle_seconds" integer NOT NULL,
	"income_per_cycle" bigint NOT NULL,
	"cycles_total" integer NOT NULL,
	"cycles_accrued" integer DEFAULT 0 NOT NULL,
	"uncollected" bigint DEFAULT 0 NOT NULL,
	"principal" bigint NOT NULL,
	"principal_returned" boolean NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"next_accrual_at" timestamp with time zone,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holdings_cycles" CHECK ("holdings"."cycles_accrued" between 0 and "holdings"."cycles_total"),
	CONSTRAINT "holdings_uncollected" CHECK ("holdings"."uncollected" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"wallet" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales" (
	"product_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_product_id_shard_pk" PRIMARY KEY("product_id","shard")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"cycle" text NOT NULL,
	"income_per_cycle" bigint NOT NULL,
	"cycles" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"purchase_limit" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"stock_sold" integer DEFAULT 0 NOT NULL,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"principal_returned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0 and "products"."income_per_cycle" >= 0 and "products"."cycles" > 0),
	CONSTRAINT "products_stock" CHECK ("products"."stock" is null or "products"."stock_sold" <= "products"."stock")
);
--> statement-breakpoint
ALTER TABLE "accruals" ADD CONSTRAINT "accruals_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accruals" ADD CONSTRAINT "accruals_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accruals_entry_idx" ON "accruals" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "holdings_due_idx" ON "holdings" USING btree ("next_accrual_at") WHERE "holdings"."status" = 'holding';--> statement-breakpoint
CREATE INDEX "holdings_user_idx" ON "holdings" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_product_idx" ON "orders" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");