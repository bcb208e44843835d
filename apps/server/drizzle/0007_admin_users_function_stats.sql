CREATE TABLE "function_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" integer NOT NULL,
	"code" text,
	"request_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "function_stats" (
	"minute" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"client_errors" integer DEFAULT 0 NOT NULL,
	"server_errors" integer DEFAULT 0 NOT NULL,
	"duration_ms_sum" double precision DEFAULT 0 NOT NULL,
	"histogram" integer[] NOT NULL,
	CONSTRAINT "function_stats_minute_name_pk" PRIMARY KEY("minute","name")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonated_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_expires" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "actor_id" text;--> statement-breakpoint
CREATE INDEX "function_errors_at_idx" ON "function_errors" USING btree ("at");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;