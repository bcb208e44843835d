ALTER TABLE "items" ADD COLUMN "maker" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "line" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "character_name" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "scale" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "edition_number" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "edition_of" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_edition_check" CHECK (("items"."edition_number" is null and "items"."edition_of" is null) or ("items"."edition_number" between 1 and "items"."edition_of"));