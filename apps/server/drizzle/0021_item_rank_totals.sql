CREATE TABLE "item_rank_rollup" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_rank_totals" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"likes_24h" integer DEFAULT 0 NOT NULL,
	"likes_7d" integer DEFAULT 0 NOT NULL,
	"likes_30d" integer DEFAULT 0 NOT NULL,
	"likes_all" integer DEFAULT 0 NOT NULL,
	"points_24h" integer DEFAULT 0 NOT NULL,
	"points_7d" integer DEFAULT 0 NOT NULL,
	"points_30d" integer DEFAULT 0 NOT NULL,
	"points_all" integer DEFAULT 0 NOT NULL,
	"heat_24h" double precision DEFAULT 0 NOT NULL,
	"heat_7d" double precision DEFAULT 0 NOT NULL,
	"heat_30d" double precision DEFAULT 0 NOT NULL,
	"heat_all" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_rank_totals" ADD CONSTRAINT "item_rank_totals_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_rank_totals_likes_24h_idx" ON "item_rank_totals" USING btree ("likes_24h","created_at","item_id");--> statement-breakpoint
CREATE INDEX "item_rank_totals_likes_7d_idx" ON "item_rank_totals" USING btree ("likes_7d","created_at","item_id");--> statement-breakpoint
CREATE INDEX "item_rank_totals_likes_30d_idx" ON "item_rank_totals" USING btree ("likes_30d","created_at","item_id");--> statement-breakpoint
CREATE INDEX "item_rank_totals_likes_all_idx" ON "item_rank_totals" USING btree ("likes_all","created_at","item_id");--> statement-breakpoint
CREATE INDEX "item_rank_totals_heat_24h_idx" ON "item_rank_totals" USING btree ("heat_24h");--> statement-breakpoint
CREATE INDEX "item_rank_totals_heat_7d_idx" ON "item_rank_totals" USING btree ("heat_7d");--> statement-breakpoint
CREATE INDEX "item_rank_totals_heat_30d_idx" ON "item_rank_totals" USING btree ("heat_30d");--> statement-breakpoint
CREATE INDEX "item_rank_totals_heat_all_idx" ON "item_rank_totals" USING btree ("heat_all");--> statement-breakpoint
-- Nothing is rolled up yet: until the first roll-up job, rankings count every row since '-infinity'.
INSERT INTO "item_rank_rollup" ("id", "rolled_at") VALUES (1, '-infinity');--> statement-breakpoint
-- The upper bound of an item's trending score from `at` on: points / (age in hours + 2)^1.5.
CREATE FUNCTION item_rank_heat(points integer, created timestamptz, at timestamptz) RETURNS float8
  LANGUAGE sql IMMUTABLE AS $$ SELECT points::float8 / power(greatest(extract(epoch from (at - created))::float8 / 3600, 0) + 2, 1.5) $$;--> statement-breakpoint
-- As before (0011), and item_rank_totals follows every written, deleted or changed row whose
-- created_at is at or before the roll-up moment (later rows are counted by the rankings from the
-- raw rows). The shared advisory lock makes the roll-up job wait for these writers and them for it.
CREATE OR REPLACE FUNCTION item_engagement_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  counted text := CASE WHEN TG_TABLE_NAME = 'comments' THEN ' WHERE NOT hidden' ELSE '' END;
  weight int := CASE TG_ARGV[0] WHEN 'likes' THEN 30 WHEN 'views' THEN 1 ELSE 20 END;
  changes text;
  rolled timestamptz;
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
  PERFORM pg_advisory_xact_lock_shared(hashtext('explore.rank-totals'));
  SELECT rolled_at INTO rolled FROM item_rank_rollup;
  IF rolled IS NULL OR rolled = '-infinity' THEN RETURN NULL; END IF;
  EXECUTE format($q$
    WITH d AS (
      SELECT item_id,
        (coalesce(sum(n) FILTER (WHERE created_at > $1 - interval '24 hours'), 0))::int AS d24,
        (coalesce(sum(n) FILTER (WHERE created_at > $1 - interval '168 hours'), 0))::int AS d7,
        (coalesce(sum(n) FILTER (WHERE created_at > $1 - interval '720 hours'), 0))::int AS d30,
        sum(n)::int AS dall
      FROM (%1$s) c WHERE created_at <= $1 GROUP BY item_id
    )
    INSERT INTO item_rank_totals AS t (item_id, created_at, likes_24h, likes_7d, likes_30d, likes_all,
      points_24h, points_7d, points_30d, points_all, heat_24h, heat_7d, heat_30d, heat_all)
    SELECT d.item_id, i.created_at, $2 * d24, $2 * d7, $2 * d30, $2 * dall, $3 * d24, $3 * d7, $3 * d30, $3 * dall,
      item_rank_heat($3 * d24, i.created_at, $1), item_rank_heat($3 * d7, i.created_at, $1),
      item_rank_heat($3 * d30, i.created_at, $1), item_rank_heat($3 * dall, i.created_at, $1)
    FROM d JOIN items i ON i.id = d.item_id
    WHERE (d24, d7, d30, dall) <> (0, 0, 0, 0)
    ORDER BY d.item_id
    ON CONFLICT (item_id) DO UPDATE SET
      likes_24h = t.likes_24h + excluded.likes_24h, likes_7d = t.likes_7d + excluded.likes_7d,
      likes_30d = t.likes_30d + excluded.likes_30d, likes_all = t.likes_all + excluded.likes_all,
      points_24h = t.points_24h + excluded.points_24h, points_7d = t.points_7d + excluded.points_7d,
      points_30d = t.points_30d + excluded.points_30d, points_all = t.points_all + excluded.points_all,
      heat_24h = item_rank_heat(t.points_24h + excluded.points_24h, t.created_at, $1),
      heat_7d = item_rank_heat(t.points_7d + excluded.points_7d, t.created_at, $1),
      heat_30d = item_rank_heat(t.points_30d + excluded.points_30d, t.created_at, $1),
      heat_all = item_rank_heat(t.points_all + excluded.points_all, t.created_at, $1)
  $q$, changes) USING rolled, CASE WHEN col = 'likes' THEN 1 ELSE 0 END, weight;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An item whose creation moment changes keeps its copy in item_rank_totals, and a heat that bounds its score.
CREATE FUNCTION item_rank_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_rank_totals t SET created_at = NEW.created_at,
    heat_24h = item_rank_heat(t.points_24h, NEW.created_at, r.rolled_at), heat_7d = item_rank_heat(t.points_7d, NEW.created_at, r.rolled_at),
    heat_30d = item_rank_heat(t.points_30d, NEW.created_at, r.rolled_at), heat_all = item_rank_heat(t.points_all, NEW.created_at, r.rolled_at)
  FROM item_rank_rollup r WHERE t.item_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_rank_created_at AFTER UPDATE OF created_at ON items
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION item_rank_created_at();
