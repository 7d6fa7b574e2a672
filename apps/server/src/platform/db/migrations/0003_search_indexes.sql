DROP INDEX "stones_discount_idx";--> statement-breakpoint
DROP INDEX "stones_amount_idx";--> statement-breakpoint
CREATE INDEX "stones_searchable_idx" ON "stones" USING btree ("shape","carats","color","clarity","lot_id","cut","polish","symmetry","fluorescence","lab","location","fancy_color","fancy_intensity") WHERE "stones"."status" in (1, 2, 3);--> statement-breakpoint
CREATE INDEX "stones_searchable_discount_idx" ON "stones" USING btree ("discount","shape","carats","color","clarity") WHERE "stones"."status" in (1, 2, 3);--> statement-breakpoint
CREATE INDEX "stones_searchable_amount_idx" ON "stones" USING btree ("amount","shape","carats","color","clarity") WHERE "stones"."status" in (1, 2, 3);--> statement-breakpoint
CREATE INDEX "stones_searchable_fancy_idx" ON "stones" USING btree ("fancy_color","fancy_intensity","fancy_overtone","shape","carats") WHERE "stones"."status" in (1, 2, 3) and "stones"."fancy_color" is not null;