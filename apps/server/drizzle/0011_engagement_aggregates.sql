CREATE TABLE "item_engagement_daily" (
	"item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_engagement_daily_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
ALTER TABLE "item_engagement_daily" ADD CONSTRAINT "item_engagement_daily_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_engagement_daily_day_idx" ON "item_engagement_daily" USING btree ("day","item_id") INCLUDE ("likes","comments","saves","views");--> statement-breakpoint
CREATE INDEX "likes_created_item_idx" ON "likes" USING btree ("created_at","item_id");--> statement-breakpoint
CREATE INDEX "bookmarks_created_item_idx" ON "bookmarks" USING btree ("created_at","item_id");--> statement-breakpoint
CREATE INDEX "comments_created_item_idx" ON "comments" USING btree ("created_at","item_id") WHERE NOT "hidden";--> statement-breakpoint
CREATE INDEX "items_tags_idx" ON "items" USING gin ("tags");--> statement-breakpoint
-- Keeps item_engagement_daily exact in the transaction of every write to likes, bookmarks,
-- comments (those not hidden) and item_views: once per statement, the changed rows are summed per
-- item and UTC day (and per item for the all-time row, day -infinity) and added in one upsert, in
-- key order so concurrent writers lock rows in the same order. Rows of an item being deleted are
-- skipped (its aggregates go with it).
CREATE FUNCTION item_engagement_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  counted text := CASE WHEN TG_TABLE_NAME = 'comments' THEN ' WHERE NOT hidden' ELSE '' END;
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT item_id, created_at, 1 AS n FROM new_rows%s', counted)
    WHEN 'DELETE' THEN format('SELECT item_id, created_at, -1 AS n FROM old_rows%s', counted)
    ELSE format('SELECT item_id, created_at, 1 AS n FROM new_rows%1$s UNION ALL SELECT item_id, created_at, -1 FROM old_rows%1$s', counted)
  END;
  EXECUTE format($q$
    INSERT INTO item_engagement_daily AS e (item_id, day, %1$I)
    SELECT item_id, day, n FROM (
      SELECT item_id, CASE WHEN grouping(day) = 1 THEN '-infinity'::date ELSE day END AS day, sum(n)::int AS n
      FROM (SELECT item_id, (created_at AT TIME ZONE 'UTC')::date AS day, n FROM (%2$s) c) c
      GROUP BY GROUPING SETS ((item_id, day), (item_id))
    ) d
    WHERE n <> 0 AND EXISTS (SELECT 1 FROM items i WHERE i.id = d.item_id)
    ORDER BY item_id, day
    ON CONFLICT (item_id, day) DO UPDATE SET %1$I = e.%1$I + excluded.%1$I
  $q$, col, changes);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER likes_engagement_insert AFTER INSERT ON likes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('likes');--> statement-breakpoint
CREATE TRIGGER likes_engagement_update AFTER UPDATE ON likes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('likes');--> statement-breakpoint
CREATE TRIGGER likes_engagement_delete AFTER DELETE ON likes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('likes');--> statement-breakpoint
CREATE TRIGGER bookmarks_engagement_insert AFTER INSERT ON bookmarks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('saves');--> statement-breakpoint
CREATE TRIGGER bookmarks_engagement_update AFTER UPDATE ON bookmarks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('saves');--> statement-breakpoint
CREATE TRIGGER bookmarks_engagement_delete AFTER DELETE ON bookmarks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('saves');--> statement-breakpoint
CREATE TRIGGER comments_engagement_insert AFTER INSERT ON comments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('comments');--> statement-breakpoint
CREATE TRIGGER comments_engagement_update AFTER UPDATE ON comments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('comments');--> statement-breakpoint
CREATE TRIGGER comments_engagement_delete AFTER DELETE ON comments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('comments');--> statement-breakpoint
CREATE TRIGGER item_views_engagement_insert AFTER INSERT ON item_views REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('views');--> statement-breakpoint
CREATE TRIGGER item_views_engagement_update AFTER UPDATE ON item_views REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('views');--> statement-breakpoint
CREATE TRIGGER item_views_engagement_delete AFTER DELETE ON item_views REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_engagement_track('views');--> statement-breakpoint
-- The engagement already stored.
INSERT INTO item_engagement_daily (item_id, day, likes, comments, saves, views)
SELECT item_id, CASE WHEN grouping(day) = 1 THEN '-infinity'::date ELSE day END, sum(likes), sum(comments), sum(saves), sum(views)
FROM (
  SELECT item_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS likes, 0 AS comments, 0 AS saves, 0 AS views FROM likes
  UNION ALL SELECT item_id, (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM comments WHERE NOT hidden
  UNION ALL SELECT item_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1, 0 FROM bookmarks
  UNION ALL SELECT item_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1 FROM item_views
) e
GROUP BY GROUPING SETS ((item_id, day), (item_id));
