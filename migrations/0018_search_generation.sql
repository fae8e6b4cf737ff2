-- Issue 21: search counts are cached only per generation of the searchable data. Every write that
-- can change what a search counts (a searchable posting - PUBLISHED or SOLD, before or after the
-- write - inserted, deleted or changed in anything but its view counter; its equipment) bumps the
-- one generation number, in SQLite itself, so no write path can forget it and every isolate sees
-- it on its next search. Wizard saves of drafts do not bump it. Favourites are per user: searches
-- with the favourites filter are never cached (src/db/search.server.ts).
CREATE TABLE search_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL
);
INSERT INTO search_generation (id, n) VALUES (1, 0);

CREATE TRIGGER search_generation_posting_insert AFTER INSERT ON postings
WHEN NEW.status IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER search_generation_posting_delete AFTER DELETE ON postings
WHEN OLD.status IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER search_generation_posting_update AFTER UPDATE OF
  code, user_id, dealership_id, salesperson_user_id, status, posting_source, vin, hidden_vin, hide_posting, private_posting,
  manufacturer_id, base_model_id, series_id, trim_id, trim_name, vehicle_condition, model_year, first_registration,
  slovenian_vehicle, odometer_km, previous_owners, damage, fuel, power_kw, displacement_ccm, transmission, drive_wheels,
  body_type, doors, seats, color, metallic, interior_color, interior_material, roof_type, consumption_city,
  consumption_highway, consumption_combined, euro_standard, battery_kwh, service_book, safety_score, score, price_type,
  price, special_price, swap, search_price, has_rental_options, rental_prices, contact_region, arrival_state,
  badge_good_buy, badge_verified, badge_promising, badge_financing, featured_until, featured_package, featured_cancelled,
  published_at, expires_at, sold_at
ON postings
WHEN OLD.status IN ('PUBLISHED', 'SOLD') OR NEW.status IN ('PUBLISHED', 'SOLD')
BEGIN
  UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;

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
