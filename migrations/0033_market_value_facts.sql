-- Issue 28, decision 088 (session 20): the facts a posting's stored estimate was made from, as one JSON array of the
-- valued columns (written from the posting row by the same statement that writes the estimate). A car whose facts are
-- as valued keeps its estimate when it is saved again (no re-save may better a rating); a real change of a fact (a
-- corrected year, a moderator's mileage) values it again at once. NULL on estimates made before this column.
ALTER TABLE posting_market_values ADD COLUMN facts TEXT;
