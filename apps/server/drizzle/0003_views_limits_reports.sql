CREATE TABLE "item_views" (
	"item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_views_item_id_day_viewer_pk" PRIMARY KEY("item_id","day","viewer")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_subject_window_start_pk" PRIMARY KEY("bucket","subject","window_start")
);
--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_views_created_idx" ON "item_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
-- Keep the oldest of any repeated reports (same reporter and target) before the unique index.
DELETE FROM "reports" r USING "reports" o
WHERE r."reporter_id" = o."reporter_id" AND r."target_type" = o."target_type" AND r."target_id" = o."target_id"
  AND (r."created_at", r."id") > (o."created_at", o."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target_key" ON "reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
-- Views stored before counting was per viewer and day: one per signed-in viewer (or per item for guests) and day, never the owner's.
INSERT INTO "item_views" ("item_id", "day", "viewer", "created_at")
SELECT e."item_id", (e."created_at" AT TIME ZONE 'UTC')::date, 'legacy:' || md5(coalesce(e."user_id", 'guest')), min(e."created_at")
FROM "analytics_events" e JOIN "items" i ON i."id" = e."item_id"
WHERE e."name" = 'item_view' AND e."user_id" IS DISTINCT FROM i."user_id"
GROUP BY 1, 2, 3;