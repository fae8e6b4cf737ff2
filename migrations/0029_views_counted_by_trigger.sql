-- A page view is one statement (issue 27, decision 080): inserting a visitor of the day counts the view in the
-- day's views and the posting's total. A visitor already counted that day is a conflict, inserts nothing and
-- counts nothing (decision 037), so concurrent requests of one visitor still count once.
-- Only rows inserted as counted (the new code's): while a deployment runs, the old code's rows (counted = 0) are
-- still counted by its own statements, never twice.
CREATE TRIGGER posting_view_visitor_counted AFTER INSERT ON posting_view_visitors
WHEN NEW.counted = 1
BEGIN
  INSERT INTO posting_views_daily (posting_id, day, views) VALUES (NEW.posting_id, NEW.day, 1)
    ON CONFLICT (posting_id, day) DO UPDATE SET views = views + 1;
  UPDATE postings SET views_total = views_total + 1 WHERE id = NEW.posting_id;
END;
