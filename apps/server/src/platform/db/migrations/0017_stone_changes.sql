CREATE TABLE "stone_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"stone_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stone_changes_xid_idx" ON "stone_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "stone_changes_at_idx" ON "stone_changes" USING btree ("at");
--> statement-breakpoint
-- The search index's change feed (decision 023): every statement that adds or removes stones, or
-- changes what the index holds (whether the stone is searchable, and the attributes it filters,
-- counts and sorts by, its status included), records the stones it touched and wakes every server
-- instance (NOTIFY stone_changes, delivered at commit). Moving a hold's date is not recorded.
CREATE FUNCTION "stones_record_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stone_changes" ("stone_id") SELECT id FROM changed;
  IF FOUND THEN PERFORM pg_notify('stone_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stones_record_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- EXCEPT hashes both sides (a join of transition tables, which have no statistics, runs as a
  -- nested loop: decision 024); it treats NULLs as equal, as IS DISTINCT FROM does.
  INSERT INTO "stone_changes" ("stone_id")
  SELECT id FROM (
    SELECT id, status, shape, carats, color, fancy_color, fancy_intensity, fancy_overtone, clarity,
           cut, polish, symmetry, fluorescence, lab, location, discount, price_per_carat, amount
    FROM after_rows
    EXCEPT
    SELECT id, status, shape, carats, color, fancy_color, fancy_intensity, fancy_overtone, clarity,
           cut, polish, symmetry, fluorescence, lab, location, discount, price_per_carat, amount
    FROM before_rows
  ) changed;
  IF FOUND THEN PERFORM pg_notify('stone_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stones_record_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stone_changes" ("stone_id") VALUES (NULL);
  PERFORM pg_notify('stone_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stones_changes_insert" AFTER INSERT ON "stones"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "stones_record_changes"();
--> statement-breakpoint
CREATE TRIGGER "stones_changes_delete" AFTER DELETE ON "stones"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "stones_record_changes"();
--> statement-breakpoint
CREATE TRIGGER "stones_changes_update" AFTER UPDATE ON "stones"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stones_record_updates"();
--> statement-breakpoint
CREATE TRIGGER "stones_changes_truncate" AFTER TRUNCATE ON "stones"
  FOR EACH STATEMENT EXECUTE FUNCTION "stones_record_truncate"();
