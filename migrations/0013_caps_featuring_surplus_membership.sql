-- Issue 19, rules 10 and 11.

-- Paid featuring (decision 038): what a paid purchase delivered, the days that no longer fitted
-- under the 180-day ceiling when the payment landed, and the refund of those days. The event that
-- fulfilled the purchase ties the posting's update to this purchase inside one batch.
ALTER TABLE featuring_purchases ADD COLUMN delivered_days INTEGER;
ALTER TABLE featuring_purchases ADD COLUMN surplus_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE featuring_purchases ADD COLUMN refund_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE featuring_purchases ADD COLUMN refund_status TEXT CHECK (refund_status IN ('PENDING','REFUNDED','FAILED'));
ALTER TABLE featuring_purchases ADD COLUMN refund_id TEXT;
ALTER TABLE featuring_purchases ADD COLUMN fulfilled_event_id TEXT;
-- One open card checkout per posting: the purchase insert looks for a pending one of the posting.
CREATE INDEX featuring_purchases_open ON featuring_purchases(posting_id, created_at) WHERE status = 'PENDING';

-- AMZS membership (decision 039): the number a user types is self-declared; the members' price
-- needs the number an admin verified (verified only while it equals the number on the profile).
ALTER TABLE users ADD COLUMN amzs_membership_verified_number TEXT;
ALTER TABLE users ADD COLUMN amzs_membership_verified_at TEXT;
ALTER TABLE users ADD COLUMN amzs_membership_verified_by INTEGER;
