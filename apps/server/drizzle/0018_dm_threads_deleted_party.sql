ALTER TABLE "dm_threads" DROP CONSTRAINT "dm_threads_user_a_users_id_fk";
--> statement-breakpoint
ALTER TABLE "dm_threads" DROP CONSTRAINT "dm_threads_user_b_users_id_fk";
--> statement-breakpoint
ALTER TABLE "dm_threads" ALTER COLUMN "user_a" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dm_threads" ALTER COLUMN "user_b" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dm_threads" ADD CONSTRAINT "dm_threads_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_threads" ADD CONSTRAINT "dm_threads_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;