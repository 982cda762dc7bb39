-- Issue 29: trigram search (pg_trgm ships with PostgreSQL and with PGlite, loaded by openDatabase).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "search_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_key" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "search_key" text;--> statement-breakpoint
-- Shows so far were presented in their seller's language, where the seller chose one.
UPDATE "streams" SET "language" = "user"."language" FROM "sellers", "user" WHERE "sellers"."id" = "streams"."seller_id" AND "user"."id" = "sellers"."user_id" AND "user"."language" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sellers_search_key_trgm" ON "sellers" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_key_trgm" ON "products" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "streams_search_key_trgm" ON "streams" USING gin ("search_key" gin_trgm_ops);