CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"icon_url" text,
	"target_page" text,
	"important" boolean NOT NULL,
	"web" boolean NOT NULL,
	"mobile" boolean NOT NULL,
	"email" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"web" boolean NOT NULL,
	"mobile" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_customer_idx" ON "notices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_pending_idx" ON "notices" USING btree ("created_at") WHERE "notices"."dispatched_at" is null;