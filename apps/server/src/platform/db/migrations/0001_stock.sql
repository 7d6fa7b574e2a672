CREATE TABLE "column_preferences" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"diamond_count" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"is_matching_pair" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stone_demands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"filters" jsonb,
	"keywords" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" text NOT NULL,
	"status" smallint NOT NULL,
	"shape" smallint NOT NULL,
	"carats" double precision NOT NULL,
	"color" smallint,
	"fancy_color" smallint,
	"fancy_intensity" smallint,
	"fancy_overtone" smallint,
	"clarity" smallint,
	"cut" smallint,
	"polish" smallint,
	"symmetry" smallint,
	"fluorescence" smallint,
	"lab" smallint NOT NULL,
	"certificate_number" text,
	"certified_at" timestamp with time zone NOT NULL,
	"length" double precision,
	"width" double precision,
	"depth" double precision,
	"depth_percentage" double precision,
	"table_percentage" double precision,
	"ratio" double precision,
	"crown_angle" double precision,
	"crown_height" double precision,
	"pavilion_angle" double precision,
	"pavilion_height" double precision,
	"girdle_percentage" double precision,
	"lower_half" double precision,
	"star_length" double precision,
	"girdle_thin" smallint,
	"girdle_thick" smallint,
	"culet" smallint,
	"shade" smallint,
	"milky" smallint,
	"luster" smallint,
	"eye_clean" smallint,
	"table_black" smallint,
	"side_black" smallint,
	"table_open" smallint,
	"crown_open" smallint,
	"pavilion_open" smallint,
	"table_inclusion" smallint,
	"side_inclusion" smallint,
	"natural_crown" smallint,
	"natural_girdle" smallint,
	"natural_pavilion" smallint,
	"surface_graining" smallint,
	"internal_graining" smallint,
	"key_to_symbols" integer DEFAULT 0 NOT NULL,
	"report_comments" text,
	"inscription" text,
	"origin_country" smallint,
	"location" smallint NOT NULL,
	"rap_per_carat" integer NOT NULL,
	"discount" double precision NOT NULL,
	"price_per_carat" double precision NOT NULL,
	"amount" double precision NOT NULL,
	"rap_value" double precision NOT NULL,
	"image_url" text,
	"video_url" text,
	"certificate_url" text,
	"gemtrac" boolean DEFAULT false NOT NULL,
	"tracr_id" text,
	"in_high_demand" boolean DEFAULT false NOT NULL,
	"pair_lot_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_search_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"search_type" text NOT NULL,
	"found_keywords" jsonb NOT NULL,
	"not_found_keywords" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "column_preferences" ADD CONSTRAINT "column_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_demands" ADD CONSTRAINT "stone_demands_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_search_reports" ADD CONSTRAINT "text_search_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_customer_idx" ON "saved_searches" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stones_lot_id_key" ON "stones" USING btree (lower("lot_id"));--> statement-breakpoint
CREATE INDEX "stones_certificate_number_idx" ON "stones" USING btree (lower("certificate_number"));--> statement-breakpoint
CREATE INDEX "stones_search_idx" ON "stones" USING btree ("status","shape","carats","color","clarity");--> statement-breakpoint
CREATE INDEX "stones_certified_at_idx" ON "stones" USING btree ("certified_at");--> statement-breakpoint
CREATE INDEX "stones_discount_idx" ON "stones" USING btree ("status","discount");--> statement-breakpoint
CREATE INDEX "stones_amount_idx" ON "stones" USING btree ("status","amount");--> statement-breakpoint
CREATE INDEX "text_search_reports_customer_idx" ON "text_search_reports" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_events_customer_event_idx" ON "tracking_events" USING btree ("customer_id","event","created_at");