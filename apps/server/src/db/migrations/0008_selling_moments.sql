CREATE TABLE "deal_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_waitlist_deal_user_uq" UNIQUE("deal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"deal_price" numeric(12, 2) NOT NULL,
	"units" integer NOT NULL,
	"units_left" integer NOT NULL,
	"per_buyer_limit" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_units_positive" CHECK ("deals"."units" > 0),
	CONSTRAINT "deals_units_left_range" CHECK ("deals"."units_left" >= 0 and "deals"."units_left" <= "deals"."units"),
	CONSTRAINT "deals_limit_positive" CHECK ("deals"."per_buyer_limit" >= 1),
	CONSTRAINT "deals_price_positive" CHECK ("deals"."deal_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "auction_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"proxy" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"starting_bid" numeric(12, 2) NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sudden_death" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"leader_id" uuid,
	"price" numeric(12, 2),
	"leader_max" numeric(12, 2),
	"bid_count" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_starting_bid_positive" CHECK ("auctions"."starting_bid" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auction_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_waitlist" ADD CONSTRAINT "deal_waitlist_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_waitlist" ADD CONSTRAINT "deal_waitlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_leader_id_user_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_waitlist_queue_idx" ON "deal_waitlist" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_stream_idx" ON "deals" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_unsettled_idx" ON "deals" USING btree ("ends_at") WHERE "deals"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "auction_bids_auction_idx" ON "auction_bids" USING btree ("auction_id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_key_uq" ON "auction_bids" USING btree ("auction_id","user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "auctions_one_active_per_stream" ON "auctions" USING btree ("stream_id") WHERE "auctions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auctions_stream_idx" ON "auctions" USING btree ("stream_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_auction" ON "orders" USING btree ("auction_id") WHERE "orders"."auction_id" is not null and "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_deal_user_idx" ON "orders" USING btree ("deal_id","user_id") WHERE "orders"."deal_id" is not null;