CREATE TABLE "inventory_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"csv_hash" text NOT NULL,
	"csv" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_ledgers" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"price_amount" numeric(12, 2),
	"price_currency" text,
	"purchased_on" date,
	"bought_at" text,
	"storage" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_ledgers_price_check" CHECK (("item_ledgers"."price_amount" is null) = ("item_ledgers"."price_currency" is null))
);
--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_ledgers" ADD CONSTRAINT "item_ledgers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_ledgers" ADD CONSTRAINT "item_ledgers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_imports_user_idx" ON "inventory_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "item_ledgers_user_idx" ON "item_ledgers" USING btree ("user_id");