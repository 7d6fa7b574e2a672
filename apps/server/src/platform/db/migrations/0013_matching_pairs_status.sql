-- The matching-pair index now holds every stone whatever its status (each request checks the
-- status by SQL), so a change of status alone no longer moves the pairing version: sales, holds
-- and bid-to-buy rounds no longer make every instance read the index again (decision 017).
CREATE OR REPLACE FUNCTION "stones_bump_pairing_version_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM after_rows a JOIN before_rows b ON a.id = b.id
    WHERE (a.shape, a.carats, a.color, a.fancy_color, a.fancy_intensity, a.clarity, a.fluorescence,
           a.length, a.width, a.table_percentage, a.depth_percentage)
          IS DISTINCT FROM
          (b.shape, b.carats, b.color, b.fancy_color, b.fancy_intensity, b.clarity, b.fluorescence,
           b.length, b.width, b.table_percentage, b.depth_percentage)
  ) THEN
    PERFORM nextval('stones_pairing_version');
  END IF;
  RETURN NULL;
END $$;
