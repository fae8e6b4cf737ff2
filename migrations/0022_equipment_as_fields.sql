-- Issue 23, decision 060: 4×4 and alloy rims were asked twice, as vehicle fields and as equipment ticks. The
-- fields stay (drive wheels is a search filter and a spec row; rims carry their size): a stored tick becomes the
-- field's value where the field is empty, then the tick is removed. Search's `eq` on the two codes reads the fields.
INSERT INTO posting_details (posting_id)
SELECT DISTINCT posting_id FROM posting_equipment
WHERE code = 'OTHER_ALLOY_WHEELS' AND posting_id NOT IN (SELECT posting_id FROM posting_details);

UPDATE posting_details SET rims_material = 'ALU'
WHERE rims_material IS NULL
  AND posting_id IN (SELECT posting_id FROM posting_equipment WHERE code = 'OTHER_ALLOY_WHEELS');

UPDATE postings SET drive_wheels = 'BOTH'
WHERE drive_wheels IS NULL
  AND id IN (SELECT posting_id FROM posting_equipment WHERE code = 'OTHER_4X4');

DELETE FROM posting_equipment WHERE code IN ('OTHER_4X4', 'OTHER_ALLOY_WHEELS');

-- A change of the rims of a searchable posting changes what `eq=OTHER_ALLOY_WHEELS` finds (decision 049).
CREATE TRIGGER search_generation_details_rims AFTER UPDATE OF rims_material ON posting_details
WHEN (SELECT status FROM postings WHERE id = NEW.posting_id) IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
