-- Clicks on the bank partner's leasing link, per posting and day (POST leasing-widget/click/{postingCode}).
CREATE TABLE leasing_clicks (
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (posting_id, day)
);
