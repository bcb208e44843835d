CREATE TABLE "search_tags" (
	"tag" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Search (docs/decisions.md "Discovery: search"). Latin text is matched by pg_trgm (prefixes and small
-- typos through word similarity, substrings through ILIKE); CJK text by its own unigrams and bigrams,
-- which match one- and two-character queries and any longer one whatever the database's locale.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE FUNCTION search_cjk_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE WHEN t !~ '[぀-ヿ㐀-䶿一-鿿豈-﫿가-힯]' THEN '{}'::text[] ELSE ARRAY(
    SELECT DISTINCT g FROM (
      SELECT substr(t, n, 1) AS g FROM generate_series(1, char_length(t)) n
        WHERE substr(t, n, 1) ~ '[぀-ヿ㐀-䶿一-鿿豈-﫿가-힯]'
      UNION ALL
      SELECT substr(t, n, 2) FROM generate_series(1, char_length(t) - 1) n
        WHERE substr(t, n, 2) ~ '^[぀-ヿ㐀-䶿一-鿿豈-﫿가-힯]{2}$'
    ) grams) END
$$;--> statement-breakpoint
CREATE INDEX "items_title_trgm_idx" ON "items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_title_cjk_idx" ON "items" USING gin (search_cjk_grams("title"));--> statement-breakpoint
CREATE INDEX "profiles_handle_trgm_idx" ON "profiles" USING gin ("handle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_cjk_idx" ON "profiles" USING gin (search_cjk_grams("display_name"));--> statement-breakpoint
-- The people whose items nobody else may see (itemVisibleAlone reads them once per search).
CREATE INDEX "profiles_unlisted_idx" ON "profiles" ("user_id") WHERE NOT "public" OR "hidden";--> statement-breakpoint
CREATE INDEX "search_tags_trgm_idx" ON "search_tags" USING gin ("tag" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION search_tags_track() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO search_tags (tag)
    SELECT DISTINCT t FROM changed, unnest(changed.tags) AS t ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_search_tags_insert" AFTER INSERT ON "items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_tags_track();--> statement-breakpoint
CREATE TRIGGER "items_search_tags_update" AFTER UPDATE ON "items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_tags_track();--> statement-breakpoint
INSERT INTO search_tags (tag) SELECT DISTINCT unnest(tags) FROM items ORDER BY 1 ON CONFLICT DO NOTHING;
