-- Avtotrg initial schema. Money is stored in euro cents (INTEGER), instants as ISO-8601 UTC text,
-- booleans as 0/1, lists that are only ever read whole as JSON text.
PRAGMA foreign_keys = ON;

-- ---------------------------------------------------------------- catalog
CREATE TABLE manufacturers (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  country TEXT,
  popular INTEGER NOT NULL DEFAULT 0
);

-- Model families as buyers name them ("Golf"); search filters on these.
CREATE TABLE base_models (
  id INTEGER PRIMARY KEY,
  manufacturer_id INTEGER NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (manufacturer_id, code)
);

-- Generations/variants ("Golf VIII"); admins map a series to a base model (model mapping).
CREATE TABLE model_series (
  id INTEGER PRIMARY KEY,
  manufacturer_id INTEGER NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE,
  base_model_id INTEGER NOT NULL REFERENCES base_models(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  year_from INTEGER,
  year_to INTEGER,
  body_types TEXT NOT NULL DEFAULT '[]',
  UNIQUE (manufacturer_id, code)
);
CREATE INDEX model_series_base_model ON model_series(base_model_id);

CREATE TABLE trims (
  id INTEGER PRIMARY KEY,
  series_id INTEGER NOT NULL REFERENCES model_series(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  year_from INTEGER,
  year_to INTEGER,
  power_kw INTEGER,
  fuel TEXT,
  displacement_ccm INTEGER,
  transmission TEXT,
  drive_wheels TEXT,
  body_type TEXT,
  doors INTEGER,
  seats INTEGER,
  consumption_combined REAL,
  co2 INTEGER,
  euro_standard TEXT,
  battery_kwh REAL,
  range_km INTEGER
);
CREATE INDEX trims_series ON trims(series_id);

-- World Manufacturer Identifier (first three VIN characters) for offline VIN decoding.
CREATE TABLE vin_wmi (
  wmi TEXT PRIMARY KEY,
  manufacturer_id INTEGER NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE
);

-- ---------------------------------------------------------------- dealerships
CREATE TABLE dealership_networks (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  address TEXT,
  city TEXT,
  email TEXT,
  phone TEXT,
  web_page TEXT,
  logo_key TEXT,
  banner_key TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE dealerships (
  id INTEGER PRIMARY KEY,
  code TEXT UNIQUE,                       -- public page exists only when set
  name TEXT NOT NULL,                     -- company name
  public_name TEXT,
  address TEXT,
  postal_code TEXT,
  city TEXT,
  region TEXT,
  email TEXT,
  phone TEXT,
  weekday_from TEXT,                      -- 'HH:MM'
  weekday_to TEXT,
  saturday_from TEXT,
  saturday_to TEXT,
  web_page TEXT,
  facebook TEXT,
  instagram TEXT,
  tiktok TEXT,
  youtube TEXT,
  logo_key TEXT,
  banner_key TEXT,
  brands TEXT NOT NULL DEFAULT '[]',      -- manufacturer codes of official representation
  network_id INTEGER REFERENCES dealership_networks(id),
  advertising_days INTEGER NOT NULL DEFAULT 0,  -- balance; the ledger is the history
  subscription_end_date TEXT,
  buyer_number TEXT,
  tax_number TEXT,
  registration_number TEXT,
  responsible_first_name TEXT,
  responsible_last_name TEXT,
  responsible_phone TEXT,
  responsible_email TEXT,
  remark TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX dealerships_network ON dealerships(network_id);

-- ---------------------------------------------------------------- users and sessions
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT UNIQUE COLLATE NOCASE,
  first_name TEXT,
  last_name TEXT,
  phone_number TEXT UNIQUE,               -- canonical +386…
  phone_verified INTEGER NOT NULL DEFAULT 0,
  amzs_membership_number TEXT,
  amzs_admin INTEGER NOT NULL DEFAULT 0,
  amzs_posting_editor INTEGER NOT NULL DEFAULT 0,
  accounts_were_merged INTEGER NOT NULL DEFAULT 0,
  accepted_terms_at TEXT,
  dealership_id INTEGER REFERENCES dealerships(id),
  dealership_role TEXT CHECK (dealership_role IN ('HEAD','SALESPERSON')),
  registered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  last_login_at TEXT,
  disabled INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX users_dealership ON users(dealership_id);

CREATE TABLE user_identities (
  provider TEXT NOT NULL CHECK (provider IN ('google','meta','apple','x')),
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (provider, subject)
);

-- Session token is never stored: id is its SHA-256 hash.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  impersonator_user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,
  rotated_at TEXT,
  revoked_at TEXT,
  ip TEXT,
  user_agent TEXT
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE login_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  redirect_url TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX login_tokens_email ON login_tokens(email, created_at);

CREATE TABLE pin_requests (
  id INTEGER PRIMARY KEY,
  phone_number TEXT NOT NULL,
  purpose TEXT NOT NULL DEFAULT 'login' CHECK (purpose IN ('login','userUpdate','dealerSignup')),
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  pin_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX pin_requests_phone ON pin_requests(phone_number, created_at);

-- Social sign-in state/PKCE verifier between redirect and callback.
CREATE TABLE oauth_states (
  state TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  redirect_url TEXT NOT NULL,
  email_hint TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL
);

-- Fixed-window counters: key like 'pin-send:phone:+38641…' or 'pin-send:ip:1.2.3.4'.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL
);

CREATE TABLE salespeople (
  id INTEGER PRIMARY KEY,
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  phone_number TEXT NOT NULL UNIQUE,      -- one dealer per salesperson phone
  first_name TEXT,
  last_name TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  invited_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX salespeople_dealership ON salespeople(dealership_id);

CREATE TABLE dealer_contacts (
  id INTEGER PRIMARY KEY,
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  comment TEXT,
  add_to_all_postings INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX dealer_contacts_dealership ON dealer_contacts(dealership_id);

CREATE TABLE dealer_signup_requests (
  id INTEGER PRIMARY KEY,
  company_name TEXT NOT NULL,
  tax_number TEXT NOT NULL,
  registration_number TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  pin_hash TEXT NOT NULL,
  extract_key TEXT NOT NULL,
  extract_mime_type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','CONFIRMED','REJECTED')),
  user_id INTEGER REFERENCES users(id),
  dealership_id INTEGER REFERENCES dealerships(id),
  decided_by INTEGER REFERENCES users(id),
  decided_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX dealer_signup_requests_status ON dealer_signup_requests(status, created_at);

-- ---------------------------------------------------------------- postings (drafts and published)
CREATE TABLE postings (
  id INTEGER PRIMARY KEY,                 -- postId in page URLs
  code TEXT NOT NULL UNIQUE,              -- code in API paths
  user_id INTEGER NOT NULL REFERENCES users(id),
  dealership_id INTEGER REFERENCES dealerships(id),
  salesperson_user_id INTEGER REFERENCES users(id),
  status TEXT NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT','PUBLISHED','EXPIRED','REMOVED','SOLD')),
  posting_source TEXT NOT NULL DEFAULT 'USER' CHECK (posting_source IN ('USER','AI','FE_AUTO')),
  vin TEXT,
  hidden_vin INTEGER NOT NULL DEFAULT 0,
  hide_posting INTEGER NOT NULL DEFAULT 0,
  private_posting INTEGER NOT NULL DEFAULT 1,
  -- vehicle
  manufacturer_id INTEGER REFERENCES manufacturers(id),
  base_model_id INTEGER REFERENCES base_models(id),   -- denormalised from series for search; kept in step by model mapping
  series_id INTEGER REFERENCES model_series(id),
  trim_id INTEGER REFERENCES trims(id),
  trim_name TEXT,
  vehicle_condition TEXT CHECK (vehicle_condition IN ('BRAND_NEW','TESTING','USED')),
  model_year INTEGER,
  first_registration TEXT,                -- 'YYYY-MM'
  slovenian_vehicle INTEGER NOT NULL DEFAULT 1,
  odometer_km INTEGER,
  previous_owners INTEGER,
  damage TEXT CHECK (damage IN ('UNDAMAGED','MALFUCTIONING','DAMAGED','CRASHED')),
  fuel TEXT CHECK (fuel IN ('PETROL','DIESEL','GAS','HYBRID','ELECTRIC','OTHER')),
  power_kw INTEGER,
  displacement_ccm INTEGER,
  transmission TEXT CHECK (transmission IN ('M','A','SEMI_A')),
  drive_wheels TEXT CHECK (drive_wheels IN ('FRONT','REAR','BOTH')),
  body_type TEXT CHECK (body_type IN ('STATION_WAGON','SALOON','COUPE','CONVERTIBLE','SUV','MINIVAN','HATCHBACK','VAN','PICKUP')),
  doors INTEGER,
  seats INTEGER,
  color TEXT,
  metallic INTEGER NOT NULL DEFAULT 0,
  interior_color TEXT,
  interior_material TEXT,
  roof_type TEXT CHECK (roof_type IN ('NORMAL','SUNROOF','CANVAS','TARGA','HARDTOP','HARDTOP_READY')),
  consumption_city REAL,
  consumption_highway REAL,
  consumption_combined REAL,
  euro_standard TEXT,
  battery_kwh REAL,
  service_book INTEGER NOT NULL DEFAULT 0,
  safety_score INTEGER,
  score INTEGER,
  -- prices (cents)
  price_type TEXT NOT NULL DEFAULT 'NORMAL' CHECK (price_type IN ('NORMAL','SPECIAL_OFFER','WITH_FINANCING','NEGOTIABLE','FINAL_PRICE','RENTAL_ONLY')),
  price INTEGER,
  special_price INTEGER,
  swap INTEGER NOT NULL DEFAULT 0,
  search_price INTEGER,                   -- what the buyer pays (special price when shown): price filter and sort
  has_rental_options INTEGER NOT NULL DEFAULT 0,
  rental_prices TEXT NOT NULL DEFAULT '[]',       -- [{price, interval}]
  -- text and contact
  contact_region TEXT,
  arrival_state TEXT CHECK (arrival_state IN ('ARRIVING','READY')),
  -- warranty
  -- badges
  badge_good_buy INTEGER NOT NULL DEFAULT 0,
  badge_verified INTEGER NOT NULL DEFAULT 0,
  badge_promising INTEGER NOT NULL DEFAULT 0,
  badge_financing INTEGER NOT NULL DEFAULT 0,
  -- histories and register check
  -- featuring
  featured_until TEXT,
  featured_package TEXT,
  featured_cancelled INTEGER NOT NULL DEFAULT 0,
  -- counters and lifecycle
  views_total INTEGER NOT NULL DEFAULT 0,
  published_at TEXT,
  expires_at TEXT,
  sold_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Detail fields read only on the posting page, the wizard and the PDF (D1 allows at most 100
-- columns a table, and search does not filter on these).
CREATE TABLE posting_details (
  posting_id INTEGER PRIMARY KEY REFERENCES postings(id) ON DELETE CASCADE,
  posting_type TEXT NOT NULL DEFAULT 'NORMAL' CHECK (posting_type IN ('NORMAL','CORRECTED')),
  entry_mode TEXT CHECK (entry_mode IN ('VIN_ENTRY','MANUAL_ENTRY')),
  is_partial_vin INTEGER NOT NULL DEFAULT 0,
  trim_year INTEGER,
  first_registration_country TEXT,
  co2 INTEGER,
  energy_class TEXT,
  range_km INTEGER,
  rims_material TEXT CHECK (rims_material IN ('ALU','STEEL')),
  rims_size INTEGER,
  airbags INTEGER,
  financing_price INTEGER,
  price_without_vat INTEGER,
  vat_deductible INTEGER NOT NULL DEFAULT 0,
  cash_discount INTEGER,
  lease_takeover INTEGER NOT NULL DEFAULT 0,
  financing_offers TEXT NOT NULL DEFAULT '[]',  -- [{downPayment, monthlyPayment, months, total}]
  description TEXT,
  view360_url TEXT,
  external_url TEXT,
  contact_place TEXT,
  contact_email TEXT,
  contact_phone TEXT,
  warranty_type TEXT CHECK (warranty_type IN ('AMZS_WARRANTY','EXTENDED_WARRANTY','FACTORY_WARRANTY','OTHER_WARRANTY')),
  warranty_months INTEGER,
  badge_verified_description TEXT,
  badge_good_buy_description TEXT,
  verified_at TEXT,
  history_odometer TEXT NOT NULL DEFAULT '[]',  -- [{date, km}]
  history_owner_age TEXT NOT NULL DEFAULT '[]',  -- [{from, to, ownerType}]
  history_registration_outcomes TEXT NOT NULL DEFAULT '[]',  -- [{date, outcome, km}]
  register_checked_at TEXT,
  register_stolen INTEGER NOT NULL DEFAULT 0,
  register_pledged INTEGER NOT NULL DEFAULT 0,
  wizard_step TEXT
);
-- Search reads visible PUBLISHED rows. Counting matches is the costly part at 100k postings:
-- postings_search covers the frequent filter columns, so a count is one narrow index scan with no
-- table lookups. The (status, sort key) indexes serve each sort's first page in index order.
-- Single-column filter indexes are left out on purpose: with statistics (ANALYZE) the planner
-- would pick them and then look up tens of thousands of rows.
CREATE INDEX postings_search ON postings(
  status, hide_posting, manufacturer_id, base_model_id, fuel, body_type, transmission, search_price,
  model_year, odometer_km, power_kw, contact_region, dealership_id, color, drive_wheels, vehicle_condition,
  price_type, badge_verified, badge_promising, badge_good_buy, badge_financing, hidden_vin,
  slovenian_vehicle, service_book, featured_until, published_at
);
CREATE INDEX postings_status_published ON postings(status, published_at DESC);
CREATE INDEX postings_status_price ON postings(status, search_price);
CREATE INDEX postings_status_year ON postings(status, model_year);
CREATE INDEX postings_status_odometer ON postings(status, odometer_km);
CREATE INDEX postings_status_power ON postings(status, power_kw);
CREATE INDEX postings_status_views ON postings(status, views_total DESC);
CREATE INDEX postings_status_featured ON postings(status, featured_until);
CREATE INDEX postings_dealership_status ON postings(dealership_id, status);
CREATE INDEX postings_user_status ON postings(user_id, status);
CREATE INDEX postings_series ON postings(series_id);
CREATE INDEX postings_vin ON postings(vin);

CREATE TABLE posting_equipment (
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'ADDITIONAL' CHECK (kind IN ('SERIAL','ADDITIONAL','PACKAGE')),
  PRIMARY KEY (posting_id, code)
);
CREATE INDEX posting_equipment_code ON posting_equipment(code, posting_id);

CREATE TABLE posting_files (
  id INTEGER PRIMARY KEY,
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  object_key TEXT NOT NULL,               -- R2 key; served at /media/<key>
  file_type TEXT NOT NULL,
  document_type TEXT CHECK (document_type IN ('INVOICE','REPORT','SERVICE_BOOK','OTHER')),
  mime_type TEXT NOT NULL,
  original_name TEXT,
  size_bytes INTEGER,
  width INTEGER,
  height INTEGER,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX posting_files_posting ON posting_files(posting_id, sort_order);

CREATE TABLE favorites (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  price_at_like INTEGER,                  -- for the price-drop mark
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (user_id, posting_id)
);
CREATE INDEX favorites_posting ON favorites(posting_id);

CREATE TABLE posting_views_daily (
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  day TEXT NOT NULL,                      -- 'YYYY-MM-DD' Europe/Ljubljana
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (posting_id, day)
);

CREATE TABLE posting_reviews (
  id INTEGER PRIMARY KEY,
  posting_id INTEGER NOT NULL REFERENCES postings(id) ON DELETE CASCADE,
  reviewer_user_id INTEGER NOT NULL REFERENCES users(id),
  changes TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX posting_reviews_posting ON posting_reviews(posting_id);

CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  query TEXT NOT NULL,                    -- the search URL's query string
  alerts_enabled INTEGER NOT NULL DEFAULT 1,
  unsubscribe_token TEXT NOT NULL UNIQUE,
  last_seen_at TEXT,
  last_notified_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX saved_searches_user ON saved_searches(user_id);

-- ---------------------------------------------------------------- content
CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  code TEXT UNIQUE,
  title TEXT NOT NULL,
  subtitle TEXT,
  summary TEXT,
  body TEXT,
  more_link TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  image_key TEXT,
  expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX articles_position ON articles(position);

CREATE TABLE equipment_descriptors (
  id INTEGER PRIMARY KEY,
  equipment_code TEXT NOT NULL,
  display_name TEXT NOT NULL,
  video_id TEXT,
  description TEXT,
  category TEXT,
  link TEXT,
  article_link TEXT,
  limited_to_makes TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX equipment_descriptors_code ON equipment_descriptors(equipment_code);

CREATE TABLE vehicle_cost_prices (
  key TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- ---------------------------------------------------------------- featuring, payments, credit days
CREATE TABLE pricing_items (
  id INTEGER PRIMARY KEY,
  package TEXT NOT NULL CHECK (package IN ('STANDARD','EXPOSED','EXPOSED_MEMBERS')),
  days INTEGER NOT NULL CHECK (days > 0 AND days <= 180),
  price_per_day INTEGER NOT NULL,          -- cents
  requires_membership INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  UNIQUE (package, days)
);

CREATE TABLE featuring_purchases (
  id INTEGER PRIMARY KEY,
  posting_id INTEGER NOT NULL REFERENCES postings(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  pricing_item_id INTEGER REFERENCES pricing_items(id),
  package TEXT NOT NULL,
  days INTEGER NOT NULL,
  amount INTEGER NOT NULL,                 -- cents charged (0 when redeemed)
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','PAID','REDEEMED','FAILED','CANCELLED')),
  provider TEXT NOT NULL,                  -- 'stripe' | 'local' | 'credit-days' | 'free'
  provider_session_id TEXT UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  fulfilled_at TEXT
);
CREATE INDEX featuring_purchases_posting ON featuring_purchases(posting_id);

-- Every provider event id is stored once: a replayed webhook finds its row and does nothing.
CREATE TABLE payment_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  purchase_id INTEGER REFERENCES featuring_purchases(id),
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE credit_day_ledger (
  id INTEGER PRIMARY KEY,
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  amount INTEGER NOT NULL,                 -- + granted, - spent
  reason TEXT NOT NULL,
  purchase_id INTEGER REFERENCES featuring_purchases(id),
  actor_user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX credit_day_ledger_dealership ON credit_day_ledger(dealership_id, created_at);

CREATE TABLE campaign_transfers (
  id INTEGER PRIMARY KEY,
  posting_id INTEGER NOT NULL REFERENCES postings(id),
  vin TEXT NOT NULL UNIQUE,                -- a VIN is claimed once
  seller_user_id INTEGER REFERENCES users(id),
  buyer_user_id INTEGER REFERENCES users(id),
  buyer_email TEXT,
  amount INTEGER NOT NULL DEFAULT 1000,    -- cents per party
  status TEXT NOT NULL DEFAULT 'CLAIMED' CHECK (status IN ('CLAIMED','TRANSFERRED','REJECTED')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  transferred_at TEXT
);

-- ---------------------------------------------------------------- partner applications (OAuth 2)
CREATE TABLE partner_applications (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  redirect_uris TEXT NOT NULL DEFAULT '[]',
  client_secret_hash TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE oauth_consent_sessions (
  id TEXT PRIMARY KEY,
  partner_id INTEGER NOT NULL REFERENCES partner_applications(id) ON DELETE CASCADE,
  redirect_url TEXT NOT NULL,
  state TEXT,
  code_challenge TEXT,
  code_challenge_method TEXT,
  user_id INTEGER REFERENCES users(id),
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','ALLOWED','DENIED','CANCELLED','EXPIRED')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL
);

CREATE TABLE oauth_codes (
  code_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES oauth_consent_sessions(id) ON DELETE CASCADE,
  partner_id INTEGER NOT NULL REFERENCES partner_applications(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id),
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  partner_id INTEGER NOT NULL REFERENCES partner_applications(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id),
  scope TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX oauth_tokens_dealership ON oauth_tokens(dealership_id);

-- ---------------------------------------------------------------- messaging and audit
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email','sms')),
  to_address TEXT NOT NULL,
  subject TEXT,
  text TEXT NOT NULL,
  html TEXT,
  link TEXT,
  pin TEXT,                                -- only ever set by the local SMS adapter (dev mailbox)
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','SENT','FAILED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  sent_at TEXT
);
CREATE INDEX outbox_status ON outbox(status, created_at);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  actor_user_id INTEGER REFERENCES users(id),
  impersonated_user_id INTEGER REFERENCES users(id),
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT,
  before_json TEXT,
  after_json TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX audit_log_created ON audit_log(created_at);

CREATE TABLE seed_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
