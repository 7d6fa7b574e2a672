CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"invoiced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "memo_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memo_order_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"lot_id" text NOT NULL,
	"amount" double precision NOT NULL,
	"status" text DEFAULT 'on_memo' NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memo_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memo_number" serial NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	CONSTRAINT "memo_orders_memoNumber_unique" UNIQUE("memo_number")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"lot_id" text NOT NULL,
	"carats" double precision NOT NULL,
	"rap_per_carat" integer NOT NULL,
	"discount" double precision NOT NULL,
	"price_per_carat" double precision NOT NULL,
	"amount" double precision NOT NULL,
	"stone" jsonb NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_id" serial NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_status" text DEFAULT 'pending' NOT NULL,
	"fulfillment_status" text DEFAULT 'not_shipped' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"request_page" text NOT NULL,
	"stone_count" integer NOT NULL,
	"total_carats" double precision NOT NULL,
	"total_amount" double precision NOT NULL,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_displayId_unique" UNIQUE("display_id")
);
--> statement-breakpoint
ALTER TABLE "stones" ADD COLUMN "reserved_for" uuid;--> statement-breakpoint
ALTER TABLE "stones" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_order_items" ADD CONSTRAINT "memo_order_items_memo_order_id_memo_orders_id_fk" FOREIGN KEY ("memo_order_id") REFERENCES "public"."memo_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_order_items" ADD CONSTRAINT "memo_order_items_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_orders" ADD CONSTRAINT "memo_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_customer_stone_key" ON "cart_items" USING btree ("customer_id","stone_id");--> statement-breakpoint
CREATE INDEX "cart_items_stone_idx" ON "cart_items" USING btree ("stone_id");--> statement-breakpoint
CREATE INDEX "memo_order_items_memo_idx" ON "memo_order_items" USING btree ("memo_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memo_order_items_open_stone_key" ON "memo_order_items" USING btree ("stone_id") WHERE "memo_order_items"."status" = 'on_memo';--> statement-breakpoint
CREATE INDEX "memo_orders_customer_idx" ON "memo_orders" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_live_stone_key" ON "order_items" USING btree ("stone_id") WHERE "order_items"."live";--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_reserved_for_customers_id_fk" FOREIGN KEY ("reserved_for") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stones_reserved_until_idx" ON "stones" USING btree ("reserved_until") WHERE "stones"."reserved_until" is not null;--> statement-breakpoint
CREATE INDEX "stones_reserved_for_idx" ON "stones" USING btree ("reserved_for") WHERE "stones"."reserved_for" is not null;