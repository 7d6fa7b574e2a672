CREATE TABLE "trade_show_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_show_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"lot_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"booth" text,
	"flag_image" text,
	"location" text DEFAULT 'USA' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_shows_dates_check" CHECK ("trade_shows"."ends_at" > "trade_shows"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "trade_show_banner" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "trade_show_requests" ADD CONSTRAINT "trade_show_requests_trade_show_id_trade_shows_id_fk" FOREIGN KEY ("trade_show_id") REFERENCES "public"."trade_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_show_requests" ADD CONSTRAINT "trade_show_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_show_requests_customer_idx" ON "trade_show_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_shows_ends_at_idx" ON "trade_shows" USING btree ("ends_at");--> statement-breakpoint
UPDATE "customers" SET "trade_show_banner" = true;--> statement-breakpoint
DELETE FROM "portal_settings" WHERE "key" = 'trade_show';
