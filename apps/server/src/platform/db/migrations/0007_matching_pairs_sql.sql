-- The stock's pairing version for the matching-pair index (decision 017): a statement that adds
-- or removes stones, changes what a pairing compares, or brings a stone back into the searchable
-- stock (status 1–3) moves it on, so every server instance knows when to read its index again.
-- Holds, memos, sales and releases within the searchable stock do not: each request checks
-- the status of the stones it answers. A sequence is outside transactions and costs one call
-- per statement.
CREATE SEQUENCE "stones_pairing_version";
--> statement-breakpoint
CREATE FUNCTION "stones_bump_pairing_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM nextval('stones_pairing_version');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stones_bump_pairing_version_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM after_rows a JOIN before_rows b ON a.id = b.id
    WHERE (a.shape, a.carats, a.color, a.fancy_color, a.fancy_intensity, a.clarity, a.fluorescence,
           a.length, a.width, a.table_percentage, a.depth_percentage)
          IS DISTINCT FROM
          (b.shape, b.carats, b.color, b.fancy_color, b.fancy_intensity, b.clarity, b.fluorescence,
           b.length, b.width, b.table_percentage, b.depth_percentage)
       OR (a.status IN (1, 2, 3)) <> (b.status IN (1, 2, 3))
  ) THEN
    PERFORM nextval('stones_pairing_version');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stones_pairing_version_insert" AFTER INSERT ON "stones"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "stones_bump_pairing_version"();
--> statement-breakpoint
CREATE TRIGGER "stones_pairing_version_delete" AFTER DELETE ON "stones"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "stones_bump_pairing_version"();
--> statement-breakpoint
CREATE TRIGGER "stones_pairing_version_update" AFTER UPDATE ON "stones"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stones_bump_pairing_version_on_update"();
