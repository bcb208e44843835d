-- Counters are short-lived: start the new windows afresh rather than merge the old ones.
DELETE FROM "rate_limit_counters";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP CONSTRAINT "rate_limit_counters_bucket_subject_window_start_pk";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD CONSTRAINT "rate_limit_counters_bucket_subject_pk" PRIMARY KEY("bucket","subject");