-- The engagement triggers (0011, 0021) without dynamic SQL: their two statements were built with format()
-- and planned again on every write (a fifth of a batch of likes on the embedded database). The changed rows are
-- gathered into an array by static statements, and item_engagement_apply writes them with two static statements
-- whose plans each session keeps. What is written is the same: the daily rows (and the all-time row) of the
-- counter, and item_rank_totals for rows at or before the roll-up moment, under the shared advisory lock.
CREATE TYPE item_engagement_change AS (item_id uuid, created_at timestamptz, n int);--> statement-breakpoint
CREATE FUNCTION item_engagement_apply(col text, changes item_engagement_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  weight int := CASE col WHEN 'likes' THEN 30 WHEN 'views' THEN 1 ELSE 20 END;
  is_likes int := CASE WHEN col = 'likes' THEN 1 ELSE 0 END;
  rolled timestamptz;
BEGIN
  INSERT INTO item_engagement_daily AS e (item_id, day, likes, comments, saves, views)
  SELECT item_id, day, CASE WHEN col = 'likes' THEN n ELSE 0 END, CASE WHEN col = 'comments' THEN n ELSE 0 END,
    CASE WHEN col = 'saves' THEN n ELSE 0 END, CASE WHEN col = 'views' THEN n ELSE 0 END
  FROM (
    SELECT item_id, CASE WHEN grouping(day) = 1 THEN '-infinity'::date ELSE day END AS day, sum(n)::int AS n
    FROM (SELECT c.item_id, (c.created_at AT TIME ZONE 'UTC')::date AS day, c.n FROM unnest(changes) c) c
    GROUP BY GROUPING SETS ((item_id, day), (item_id))
  ) d
  WHERE n <> 0 AND EXISTS (SELECT 1 FROM items i WHERE i.id = d.item_id)
  ORDER BY item_id, day
  ON CONFLICT (item_id, day) DO UPDATE SET likes = e.likes + excluded.likes, comments = e.comments + excluded.comments,
    saves = e.saves + excluded.saves, views = e.views + excluded.views;
  PERFORM pg_advisory_xact_lock_shared(hashtext('explore.rank-totals'));
  SELECT r.rolled_at INTO rolled FROM item_rank_rollup r;
  IF rolled IS NULL OR rolled = '-infinity' THEN RETURN; END IF;
  WITH d AS (
    SELECT c.item_id,
      (coalesce(sum(c.n) FILTER (WHERE c.created_at > rolled - interval '24 hours'), 0))::int AS d24,
      (coalesce(sum(c.n) FILTER (WHERE c.created_at > rolled - interval '168 hours'), 0))::int AS d7,
      (coalesce(sum(c.n) FILTER (WHERE c.created_at > rolled - interval '720 hours'), 0))::int AS d30,
      sum(c.n)::int AS dall
    FROM unnest(changes) c WHERE c.created_at <= rolled GROUP BY c.item_id
  )
  INSERT INTO item_rank_totals AS t (item_id, created_at, likes_24h, likes_7d, likes_30d, likes_all,
    points_24h, points_7d, points_30d, points_all, heat_24h, heat_7d, heat_30d, heat_all)
  SELECT d.item_id, i.created_at, is_likes * d24, is_likes * d7, is_likes * d30, is_likes * dall,
    weight * d24, weight * d7, weight * d30, weight * dall,
    item_rank_heat(weight * d24, i.created_at, rolled), item_rank_heat(weight * d7, i.created_at, rolled),
    item_rank_heat(weight * d30, i.created_at, rolled), item_rank_heat(weight * dall, i.created_at, rolled)
  FROM d JOIN items i ON i.id = d.item_id
  WHERE (d24, d7, d30, dall) <> (0, 0, 0, 0)
  ORDER BY d.item_id
  ON CONFLICT (item_id) DO UPDATE SET
    likes_24h = t.likes_24h + excluded.likes_24h, likes_7d = t.likes_7d + excluded.likes_7d,
    likes_30d = t.likes_30d + excluded.likes_30d, likes_all = t.likes_all + excluded.likes_all,
    points_24h = t.points_24h + excluded.points_24h, points_7d = t.points_7d + excluded.points_7d,
    points_30d = t.points_30d + excluded.points_30d, points_all = t.points_all + excluded.points_all,
    heat_24h = item_rank_heat(t.points_24h + excluded.points_24h, t.created_at, rolled),
    heat_7d = item_rank_heat(t.points_7d + excluded.points_7d, t.created_at, rolled),
    heat_30d = item_rank_heat(t.points_30d + excluded.points_30d, t.created_at, rolled),
    heat_all = item_rank_heat(t.points_all + excluded.points_all, t.created_at, rolled);
END $$;--> statement-breakpoint
-- Every engagement trigger runs this (the table's counter in TG_ARGV[0]). A statement is planned the first time it
-- runs, for each table's triggers: a branch that names a transition table the trigger does not have never runs there.
CREATE OR REPLACE FUNCTION item_engagement_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes item_engagement_change[];
BEGIN
  IF TG_TABLE_NAME = 'comments' THEN
    -- Hidden comments are not counted.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg((item_id, created_at, 1)::item_engagement_change) INTO changes FROM new_rows WHERE NOT hidden;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg((item_id, created_at, -1)::item_engagement_change) INTO changes FROM old_rows WHERE NOT hidden;
    ELSE
      SELECT array_agg(c) INTO changes FROM (
        SELECT (item_id, created_at, 1)::item_engagement_change AS c FROM new_rows WHERE NOT hidden
        UNION ALL SELECT (item_id, created_at, -1)::item_engagement_change FROM old_rows WHERE NOT hidden) u;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg((item_id, created_at, 1)::item_engagement_change) INTO changes FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((item_id, created_at, -1)::item_engagement_change) INTO changes FROM old_rows;
  ELSE
    SELECT array_agg(c) INTO changes FROM (
      SELECT (item_id, created_at, 1)::item_engagement_change AS c FROM new_rows
      UNION ALL SELECT (item_id, created_at, -1)::item_engagement_change FROM old_rows) u;
  END IF;
  IF changes IS NOT NULL THEN PERFORM item_engagement_apply(TG_ARGV[0], changes); END IF;
  RETURN NULL;
END $$;
