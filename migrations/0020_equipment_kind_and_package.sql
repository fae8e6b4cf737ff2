-- Issue 21, decision 051: sellers mark each equipment item as serial, additional or in a package; a package
-- item may carry the package's name ("Paket Business"). The table is rebuilt because SQLite cannot change a
-- column default or add a table CHECK in place: a new item is SERIAL unless told otherwise (the API's plain
-- list of codes means serial), and only a PACKAGE item has a package name (1 to 60 characters).
-- Existing rows keep the kind they have. Dropping the old table drops its triggers, so the two
-- search_generation triggers of migration 0018 are created again, and one for UPDATE joins them: a
-- change of an item of a searchable posting bumps the generation like an insert or a delete does.
PRAGMA defer_foreign_keys = true;

CREATE TABLE posting_equipment_new (
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'SERIAL' CHECK (kind IN ('SERIAL','ADDITIONAL','PACKAGE')),
  package_name TEXT CHECK (package_name IS NULL OR (kind = 'PACKAGE' AND length(package_name) BETWEEN 1 AND 60)),
  PRIMARY KEY (posting_id, code)
);
INSERT INTO posting_equipment_new (posting_id, code, kind) SELECT posting_id, code, kind FROM posting_equipment;
DROP TABLE posting_equipment;
ALTER TABLE posting_equipment_new RENAME TO posting_equipment;
CREATE INDEX posting_equipment_code ON posting_equipment(code, posting_id);

CREATE TRIGGER search_generation_equipment_insert AFTER INSERT ON posting_equipment
WHEN (SELECT status FROM postings WHERE id = NEW.posting_id) IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER search_generation_equipment_delete AFTER DELETE ON posting_equipment
WHEN coalesce((SELECT status FROM postings WHERE id = OLD.posting_id), 'PUBLISHED') IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER search_generation_equipment_update AFTER UPDATE ON posting_equipment
WHEN (SELECT status FROM postings WHERE id = NEW.posting_id) IN ('PUBLISHED', 'SOLD')
  OR (SELECT status FROM postings WHERE id = OLD.posting_id) IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
