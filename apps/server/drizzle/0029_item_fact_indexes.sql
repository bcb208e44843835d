CREATE INDEX "items_maker_lower_idx" ON "items" USING btree (lower("maker"),"created_at");--> statement-breakpoint
CREATE INDEX "items_line_lower_idx" ON "items" USING btree (lower("line"),"created_at");--> statement-breakpoint
CREATE INDEX "items_character_lower_idx" ON "items" USING btree (lower("character_name"),"created_at");