-- Issue 23 (decision 062): the receipt e-mail of a paid featuring purchase is sent once. The send is
-- claimed by setting this column only while it is NULL, so a replayed or parallel completion of the
-- same payment finds it taken and sends nothing.
ALTER TABLE featuring_purchases ADD COLUMN receipt_sent_at TEXT;
-- The period the payment's delivered days cover (from the end it extended to the new end), written in
-- the fulfilment batch: the receipt names it, whenever it is sent.
ALTER TABLE featuring_purchases ADD COLUMN period_start TEXT;
ALTER TABLE featuring_purchases ADD COLUMN period_end TEXT;
