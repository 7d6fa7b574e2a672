CREATE TABLE "layout_stones" (
	"layout_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "layout_stones_layout_id_stone_id_pk" PRIMARY KEY("layout_id","stone_id")
);
--> statement-breakpoint
CREATE TABLE "layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "layout_stones" ADD CONSTRAINT "layout_stones_layout_id_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_stones" ADD CONSTRAINT "layout_stones_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layout_stones_stone_idx" ON "layout_stones" USING btree ("stone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "layouts_name_key" ON "layouts" USING btree (lower("name"));