CREATE TABLE "wanted_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"facts" jsonb NOT NULL,
	"note" text,
	"image_id" text,
	"public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "wanted_entries" ADD CONSTRAINT "wanted_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_entries" ADD CONSTRAINT "wanted_entries_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wanted_entries_user_created_idx" ON "wanted_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wanted_entries_image_idx" ON "wanted_entries" USING btree ("image_id");