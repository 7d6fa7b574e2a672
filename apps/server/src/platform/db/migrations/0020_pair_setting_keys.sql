-- Match Pair Settings take the pinned keys (pins "Matching settings rows"): table_percentage →
-- table, depth_percentage → depth, carats → carat; what each row compares is unchanged. A
-- customer's saved rows (a jsonb array of {key, display, priority, is_equal, up, down}) keep
-- their order, ranks, Equal and tolerances; only the keys are rewritten. Without this the server
-- would no longer read them and answer the defaults instead.
UPDATE "matching_pair_settings" AS "saved"
SET "setting" = (
  SELECT jsonb_agg(
    CASE
      WHEN jsonb_typeof("item") = 'object' AND "item"->>'key' IN ('table_percentage', 'depth_percentage', 'carats')
      THEN jsonb_set("item", '{key}', to_jsonb(CASE "item"->>'key'
        WHEN 'table_percentage' THEN 'table'
        WHEN 'depth_percentage' THEN 'depth'
        ELSE 'carat'
      END))
      ELSE "item"
    END
    ORDER BY "place")
  FROM jsonb_array_elements("saved"."setting") WITH ORDINALITY AS "rows"("item", "place")
)
WHERE jsonb_typeof("saved"."setting") = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements("saved"."setting") AS "rows"("item")
    WHERE jsonb_typeof("item") = 'object' AND "item"->>'key' IN ('table_percentage', 'depth_percentage', 'carats')
  );
