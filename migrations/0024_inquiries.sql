-- Issue 24 (decision 066): a buyer's inquiry about a posting, delivered to the seller by e-mail without
-- either address, answered on the site. The seller's reply link carries a token stored only as its
-- SHA-256 (reply_token_hash); the buyer's address is shown to the seller once the seller has replied.
CREATE TABLE inquiries (
  id INTEGER PRIMARY KEY,
  posting_id INTEGER NOT NULL,
  -- The posting's owner and dealership when the inquiry arrived: who may read and answer it.
  seller_user_id INTEGER NOT NULL,
  dealership_id INTEGER,
  buyer_user_id INTEGER,
  name TEXT NOT NULL,
  email TEXT,
  -- The mailbox the limits count (lower case, without a +tag; Gmail without dots): one inbox, one sender.
  email_key TEXT,
  phone TEXT,
  message TEXT NOT NULL,
  choices TEXT NOT NULL DEFAULT '[]',
  -- The sender's client (decision 037), for the per-client limit.
  client TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'ANSWERED')),
  reply_token_hash TEXT NOT NULL UNIQUE,
  -- The user whose address the reply link was mailed to (a salesperson, the private seller), if any: the link
  -- stops working once that person is no longer the posting's dealership member.
  token_user_id INTEGER,
  reply TEXT,
  replied_at TEXT,
  answered_at TEXT,
  answered_by_user_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX inquiries_posting ON inquiries (posting_id, created_at);
CREATE INDEX inquiries_dealership ON inquiries (dealership_id, created_at);
CREATE INDEX inquiries_seller ON inquiries (seller_user_id, created_at);
CREATE INDEX inquiries_client ON inquiries (client, created_at);
CREATE INDEX inquiries_email ON inquiries (email_key, created_at);
CREATE INDEX inquiries_phone ON inquiries (phone, created_at);
