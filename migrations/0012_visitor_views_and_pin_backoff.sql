-- Issue 19, rules 12 and 13 (decisions 036, 037).
-- A posting's view counts once per visitor per day: the visitor (a one-way hash of the day and the
-- signed-in account or the trusted client address) is remembered per posting and day; counted = 0
-- until the same batch has added it to posting_views_daily and postings.views_total.
CREATE TABLE posting_view_visitors (
  posting_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  counted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (posting_id, day, visitor)
);
CREATE INDEX posting_view_visitors_day ON posting_view_visitors(day);

-- Legacy PIN sign-in backs off exponentially: per number and client, and per number over all clients
-- (a bounded lock). key = "<phone>|<client>" or "<phone>|*"; times in epoch milliseconds.
CREATE TABLE pin_attempt_backoff (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_attempt_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL
);
