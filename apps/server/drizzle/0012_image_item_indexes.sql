CREATE INDEX "composites_image_idx" ON "composites" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "photos_cutout_image_idx" ON "photos" USING btree ("cutout_image_id");