ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "return_days" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_return_days_range" CHECK ("products"."return_days" between 0 and 30);