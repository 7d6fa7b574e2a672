CREATE TABLE "bid_log" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bid_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"value" double precision,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"event_id" uuid
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"seq" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"outbid_notice_at" timestamp with time zone,
	"result" text
);
--> statement-breakpoint
ALTER TABLE "bid_log" ADD CONSTRAINT "bid_log_round_id_bid_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_round_id_bid_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_log_round_idx" ON "bid_log" USING btree ("round_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_rounds_open_key" ON "bid_rounds" USING btree ("kind") WHERE "bid_rounds"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bid_rounds_event_key" ON "bid_rounds" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_round_stone_customer_key" ON "bids" USING btree ("round_id","stone_id","customer_id");--> statement-breakpoint
CREATE INDEX "bids_round_stone_idx" ON "bids" USING btree ("round_id","stone_id","value");--> statement-breakpoint
CREATE INDEX "bids_customer_idx" ON "bids" USING btree ("customer_id","placed_at");