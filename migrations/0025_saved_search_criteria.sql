-- Issue 24 (decision 067): saving the same search twice is refused. `criteria` is the search's filters in
-- canonical form without sort, page size and page (src/domain/saved-search-criteria.ts); one user holds
-- each criteria once, and the unique index makes the refusal hold for parallel saves too.
ALTER TABLE saved_searches ADD COLUMN criteria TEXT;
-- Earlier rows: the stored query is already canonical; of two equal ones only the first takes the key,
-- a later duplicate keeps NULL (NULLs never collide in a unique index) until the user deletes it.
UPDATE saved_searches SET criteria = query
WHERE id = (SELECT min(s.id) FROM saved_searches s WHERE s.user_id = saved_searches.user_id AND s.query = saved_searches.query);
CREATE UNIQUE INDEX saved_searches_user_criteria ON saved_searches(user_id, criteria);
