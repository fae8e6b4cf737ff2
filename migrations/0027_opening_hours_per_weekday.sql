-- Issue 25 (decision 072): opening hours per day of the week, each day closed (null) or open from–to
-- with an optional break: {"mon":{"from":"08:00","to":"17:00","breakFrom":"12:00","breakTo":"13:00"},…,"sun":null}.
-- The spec's weekday_*/saturday_* columns stay, written from Monday's and Saturday's hours on every save.
ALTER TABLE dealerships ADD COLUMN opening_hours TEXT;
-- Earlier rows: Monday–Friday from the weekday hours, Saturday from its own, Sunday closed.
UPDATE dealerships SET opening_hours = json_object(
  'mon', json(CASE WHEN weekday_from <> '' AND weekday_to <> '' THEN json_object('from', weekday_from, 'to', weekday_to, 'breakFrom', NULL, 'breakTo', NULL) ELSE 'null' END),
  'tue', json(CASE WHEN weekday_from <> '' AND weekday_to <> '' THEN json_object('from', weekday_from, 'to', weekday_to, 'breakFrom', NULL, 'breakTo', NULL) ELSE 'null' END),
  'wed', json(CASE WHEN weekday_from <> '' AND weekday_to <> '' THEN json_object('from', weekday_from, 'to', weekday_to, 'breakFrom', NULL, 'breakTo', NULL) ELSE 'null' END),
  'thu', json(CASE WHEN weekday_from <> '' AND weekday_to <> '' THEN json_object('from', weekday_from, 'to', weekday_to, 'breakFrom', NULL, 'breakTo', NULL) ELSE 'null' END),
  'fri', json(CASE WHEN weekday_from <> '' AND weekday_to <> '' THEN json_object('from', weekday_from, 'to', weekday_to, 'breakFrom', NULL, 'breakTo', NULL) ELSE 'null' END),
  'sat', json(CASE WHEN saturday_from <> '' AND saturday_to <> '' THEN json_object('from', saturday_from, 'to', saturday_to, 'breakFrom', NULL, 'breakTo', NULL) ELSE 'null' END),
  'sun', json('null')
);
