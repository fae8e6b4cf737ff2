-- Issue 23, decision 058: a document (service history, inspection) is shown publicly by its type and date, never
-- by its file name. The type already has a column (document_type: INVOICE, REPORT, SERVICE_BOOK, OTHER); the date
-- the seller gives (YYYY-MM-DD) is new. Without one, the page shows the upload date (created_at).
ALTER TABLE posting_files ADD COLUMN document_date TEXT CHECK (document_date IS NULL OR document_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
