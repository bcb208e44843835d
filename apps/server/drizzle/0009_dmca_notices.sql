CREATE TABLE "dmca_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"claimant_name" text NOT NULL,
	"claimant_email" text NOT NULL,
	"claimant_address" text,
	"claimant_phone" text,
	"signature" text NOT NULL,
	"work_description" text NOT NULL,
	"original_urls" text[] NOT NULL,
	"infringing_item_id" uuid,
	"infringing_urls" text[] NOT NULL,
	"good_faith" boolean NOT NULL,
	"perjury" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dmca_notices_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "dmca_notices" ADD CONSTRAINT "dmca_notices_infringing_item_id_items_id_fk" FOREIGN KEY ("infringing_item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dmca_notices_status_created_idx" ON "dmca_notices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "dmca_notices_item_idx" ON "dmca_notices" USING btree ("infringing_item_id");--> statement-breakpoint
CREATE INDEX "dmca_notices_created_idx" ON "dmca_notices" USING btree ("created_at");