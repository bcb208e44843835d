CREATE TABLE "job_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"queues" text[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_processes_beat_at_idx" ON "job_processes" USING btree ("beat_at");