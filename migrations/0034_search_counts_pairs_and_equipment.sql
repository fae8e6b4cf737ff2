-- Issue 27, decision 090: kept counts for the single dimensions still walked (transmission, colour, power per kW, the
-- four badges), for PAIRS of broad dimensions, and per equipment code, so that a search with one of
-- them, two broad filters or one equipment item reads kept rows instead of walking the search index.
--
-- search_count_dims lists the dimensions: `single` ones are kept in search_counts by this migration's triggers
-- (the others by 0030's), `paired` ones are crossed in search_pair_counts. A pair is (a, b) with a's rank lower:
-- the dimension with more values comes first, so a range on it seeks the primary key and the other is filtered.
-- The values of a dimension are one CASE over the posting's columns: the expressions and bands of 0030, and power
-- per kW like model years per year (its values are few and peaked, so a range never has a partial band). Triggers
-- select from search_count_dims instead of listing VALUES: D1 allows at most 5 terms in a compound SELECT.
--
-- search_pair_counts.va / vb have no declared type (no affinity): a band or a year is stored as an INTEGER and a
-- NULL as '' (text sorts after every integer), so a range of bands is a seek on integers and never meets ''.
-- Every change is an upsert of +1 / -1 (a seek by primary key); an update changes only the rows whose key moved.
CREATE TABLE search_count_dims (
  name TEXT PRIMARY KEY,
  rank INTEGER NOT NULL,
  single INTEGER NOT NULL,
  paired INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO search_count_dims (name, rank, single, paired) VALUES
  ('price', 1, 0, 1),
  ('odo', 2, 0, 1),
  ('power', 3, 1, 1),
  ('make', 4, 0, 1),
  ('year', 5, 0, 1),
  ('color', 6, 1, 1),
  ('region', 7, 0, 1),
  ('body', 8, 0, 1),
  ('fuel', 9, 0, 1),
  ('transmission', 10, 1, 1),
  ('seller', 11, 0, 1),
  ('badge.PROMISING', 12, 1, 0),
  ('badge.VERIFIED', 13, 1, 0),
  ('badge.GOOD_BUY', 14, 1, 0),
  ('badge.FINANCING', 15, 1, 0);

CREATE TABLE search_pair_counts (
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  va NOT NULL,
  vb NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (a, b, va, vb)
) WITHOUT ROWID;

-- Filled from the table as it is.
INSERT INTO search_counts (dimension, value, n)
SELECT d.name, CAST(CASE d.name WHEN 'price' THEN coalesce(p.search_price / 50000, '') WHEN 'odo' THEN coalesce(p.odometer_km / 5000, '') WHEN 'power' THEN coalesce(p.power_kw, '') WHEN 'make' THEN coalesce(p.manufacturer_id, '') WHEN 'year' THEN coalesce(p.model_year, '') WHEN 'color' THEN coalesce(p.color, '') WHEN 'region' THEN coalesce(p.contact_region, '') WHEN 'body' THEN coalesce(p.body_type, '') WHEN 'fuel' THEN coalesce(p.fuel, '') WHEN 'transmission' THEN coalesce(p.transmission, '') WHEN 'seller' THEN CASE WHEN p.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN p.badge_promising WHEN 'badge.VERIFIED' THEN p.badge_verified WHEN 'badge.GOOD_BUY' THEN p.badge_good_buy WHEN 'badge.FINANCING' THEN p.badge_financing END AS TEXT), count(*)
FROM search_count_dims d JOIN postings p ON p.status = 'PUBLISHED' AND p.hide_posting = 0 WHERE d.single = 1 GROUP BY 1, 2;
INSERT INTO search_pair_counts (a, b, va, vb, n)
SELECT x.name, y.name, CASE x.name WHEN 'price' THEN coalesce(p.search_price / 50000, '') WHEN 'odo' THEN coalesce(p.odometer_km / 5000, '') WHEN 'power' THEN coalesce(p.power_kw, '') WHEN 'make' THEN coalesce(p.manufacturer_id, '') WHEN 'year' THEN coalesce(p.model_year, '') WHEN 'color' THEN coalesce(p.color, '') WHEN 'region' THEN coalesce(p.contact_region, '') WHEN 'body' THEN coalesce(p.body_type, '') WHEN 'fuel' THEN coalesce(p.fuel, '') WHEN 'transmission' THEN coalesce(p.transmission, '') WHEN 'seller' THEN CASE WHEN p.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN p.badge_promising WHEN 'badge.VERIFIED' THEN p.badge_verified WHEN 'badge.GOOD_BUY' THEN p.badge_good_buy WHEN 'badge.FINANCING' THEN p.badge_financing END, CASE y.name WHEN 'price' THEN coalesce(p.search_price / 50000, '') WHEN 'odo' THEN coalesce(p.odometer_km / 5000, '') WHEN 'power' THEN coalesce(p.power_kw, '') WHEN 'make' THEN coalesce(p.manufacturer_id, '') WHEN 'year' THEN coalesce(p.model_year, '') WHEN 'color' THEN coalesce(p.color, '') WHEN 'region' THEN coalesce(p.contact_region, '') WHEN 'body' THEN coalesce(p.body_type, '') WHEN 'fuel' THEN coalesce(p.fuel, '') WHEN 'transmission' THEN coalesce(p.transmission, '') WHEN 'seller' THEN CASE WHEN p.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN p.badge_promising WHEN 'badge.VERIFIED' THEN p.badge_verified WHEN 'badge.GOOD_BUY' THEN p.badge_good_buy WHEN 'badge.FINANCING' THEN p.badge_financing END, count(*)
FROM search_count_dims x JOIN search_count_dims y ON x.paired = 1 AND y.paired = 1 AND x.rank < y.rank
JOIN postings p ON p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 1, 2, 3, 4;
INSERT INTO search_counts (dimension, value, n)
SELECT 'eq', pe.code, count(*) FROM posting_equipment pe JOIN postings p ON p.id = pe.posting_id
WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2;

CREATE TRIGGER search_counts_more_insert AFTER INSERT ON postings
WHEN NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0
BEGIN
  INSERT INTO search_counts (dimension, value, n)
  SELECT d.name, CAST(CASE d.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END AS TEXT), 1 FROM search_count_dims d
  WHERE d.single = 1
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_pair_counts (a, b, va, vb, n)
  SELECT x.name, y.name, CASE x.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END, CASE y.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END, 1
  FROM search_count_dims x JOIN search_count_dims y ON x.paired = 1 AND y.paired = 1 AND x.rank < y.rank
  WHERE true
  ON CONFLICT (a, b, va, vb) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER search_counts_more_delete AFTER DELETE ON postings
WHEN OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0
BEGIN
  INSERT INTO search_counts (dimension, value, n)
  SELECT d.name, CAST(CASE d.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END AS TEXT), -1 FROM search_count_dims d
  WHERE d.single = 1
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_pair_counts (a, b, va, vb, n)
  SELECT x.name, y.name, CASE x.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END, CASE y.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END, -1
  FROM search_count_dims x JOIN search_count_dims y ON x.paired = 1 AND y.paired = 1 AND x.rank < y.rank
  WHERE true
  ON CONFLICT (a, b, va, vb) DO UPDATE SET n = n + excluded.n;
END;

-- An update takes the old row's keys out (if it was visible) and puts the new row's in (if it is), skipping the
-- keys that did not move: an edit of the price touches the price rows only.
CREATE TRIGGER search_counts_more_update AFTER UPDATE OF
  status, hide_posting, manufacturer_id, base_model_id, fuel, body_type, model_year, search_price, odometer_km, contact_region, dealership_id, transmission, color, power_kw, badge_promising, badge_verified, badge_good_buy, badge_financing
ON postings
WHEN (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0) OR (NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0)
BEGIN
  INSERT INTO search_counts (dimension, value, n)
  SELECT d.name, CAST(CASE d.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END AS TEXT), -1 FROM search_count_dims d
  WHERE d.single = 1 AND OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NOT (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND CASE d.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END IS CASE d.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END)
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_counts (dimension, value, n)
  SELECT d.name, CAST(CASE d.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END AS TEXT), 1 FROM search_count_dims d
  WHERE d.single = 1 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND NOT (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND CASE d.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END IS CASE d.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END)
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_pair_counts (a, b, va, vb, n)
  SELECT x.name, y.name, CASE x.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END, CASE y.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END, -1
  FROM search_count_dims x JOIN search_count_dims y ON x.paired = 1 AND y.paired = 1 AND x.rank < y.rank
  WHERE true AND OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NOT ((OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND CASE x.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END IS CASE x.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END) AND (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND CASE y.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END IS CASE y.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END))
  ON CONFLICT (a, b, va, vb) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_pair_counts (a, b, va, vb, n)
  SELECT x.name, y.name, CASE x.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END, CASE y.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END, 1
  FROM search_count_dims x JOIN search_count_dims y ON x.paired = 1 AND y.paired = 1 AND x.rank < y.rank
  WHERE true AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND NOT ((OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND CASE x.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END IS CASE x.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END) AND (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND CASE y.name WHEN 'price' THEN coalesce(OLD.search_price / 50000, '') WHEN 'odo' THEN coalesce(OLD.odometer_km / 5000, '') WHEN 'power' THEN coalesce(OLD.power_kw, '') WHEN 'make' THEN coalesce(OLD.manufacturer_id, '') WHEN 'year' THEN coalesce(OLD.model_year, '') WHEN 'color' THEN coalesce(OLD.color, '') WHEN 'region' THEN coalesce(OLD.contact_region, '') WHEN 'body' THEN coalesce(OLD.body_type, '') WHEN 'fuel' THEN coalesce(OLD.fuel, '') WHEN 'transmission' THEN coalesce(OLD.transmission, '') WHEN 'seller' THEN CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN OLD.badge_promising WHEN 'badge.VERIFIED' THEN OLD.badge_verified WHEN 'badge.GOOD_BUY' THEN OLD.badge_good_buy WHEN 'badge.FINANCING' THEN OLD.badge_financing END IS CASE y.name WHEN 'price' THEN coalesce(NEW.search_price / 50000, '') WHEN 'odo' THEN coalesce(NEW.odometer_km / 5000, '') WHEN 'power' THEN coalesce(NEW.power_kw, '') WHEN 'make' THEN coalesce(NEW.manufacturer_id, '') WHEN 'year' THEN coalesce(NEW.model_year, '') WHEN 'color' THEN coalesce(NEW.color, '') WHEN 'region' THEN coalesce(NEW.contact_region, '') WHEN 'body' THEN coalesce(NEW.body_type, '') WHEN 'fuel' THEN coalesce(NEW.fuel, '') WHEN 'transmission' THEN coalesce(NEW.transmission, '') WHEN 'seller' THEN CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END WHEN 'badge.PROMISING' THEN NEW.badge_promising WHEN 'badge.VERIFIED' THEN NEW.badge_verified WHEN 'badge.GOOD_BUY' THEN NEW.badge_good_buy WHEN 'badge.FINANCING' THEN NEW.badge_financing END))
  ON CONFLICT (a, b, va, vb) DO UPDATE SET n = n + excluded.n;
END;

-- Equipment: one row per code of the visible postings. A tick or untick counts when its posting is visible; a
-- posting that becomes visible or stops being visible moves all its ticks. A posting is deleted with its ticks
-- (ON DELETE CASCADE): its ticks are taken out BEFORE the delete, while they are still there, and the cascaded
-- deletes then find no visible posting and change nothing.
CREATE TRIGGER search_counts_equipment_insert AFTER INSERT ON posting_equipment
WHEN EXISTS (SELECT 1 FROM postings p WHERE p.id = NEW.posting_id AND p.status = 'PUBLISHED' AND p.hide_posting = 0)
BEGIN
  INSERT INTO search_counts (dimension, value, n) VALUES ('eq', NEW.code, 1)
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER search_counts_equipment_delete AFTER DELETE ON posting_equipment
WHEN EXISTS (SELECT 1 FROM postings p WHERE p.id = OLD.posting_id AND p.status = 'PUBLISHED' AND p.hide_posting = 0)
BEGIN
  UPDATE search_counts SET n = n - 1 WHERE dimension = 'eq' AND value = OLD.code;
END;

CREATE TRIGGER search_counts_equipment_update AFTER UPDATE OF posting_id, code ON posting_equipment
BEGIN
  UPDATE search_counts SET n = n - 1 WHERE dimension = 'eq' AND value = OLD.code
    AND EXISTS (SELECT 1 FROM postings p WHERE p.id = OLD.posting_id AND p.status = 'PUBLISHED' AND p.hide_posting = 0);
  INSERT INTO search_counts (dimension, value, n) SELECT 'eq', NEW.code, 1
  WHERE EXISTS (SELECT 1 FROM postings p WHERE p.id = NEW.posting_id AND p.status = 'PUBLISHED' AND p.hide_posting = 0)
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER search_counts_equipment_posting_shown AFTER UPDATE OF status, hide_posting ON postings
WHEN NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND NOT (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0)
BEGIN
  INSERT INTO search_counts (dimension, value, n) SELECT 'eq', pe.code, 1 FROM posting_equipment pe
  WHERE pe.posting_id = NEW.id
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER search_counts_equipment_posting_gone AFTER UPDATE OF status, hide_posting ON postings
WHEN OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND NOT (NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0)
BEGIN
  UPDATE search_counts SET n = n - 1
  WHERE dimension = 'eq' AND value IN (SELECT pe.code FROM posting_equipment pe WHERE pe.posting_id = OLD.id);
END;

CREATE TRIGGER search_counts_equipment_posting_delete BEFORE DELETE ON postings
WHEN OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0
BEGIN
  UPDATE search_counts SET n = n - 1
  WHERE dimension = 'eq' AND value IN (SELECT pe.code FROM posting_equipment pe WHERE pe.posting_id = OLD.id);
END;
