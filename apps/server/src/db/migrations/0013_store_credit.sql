CREATE TABLE "store_credit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_lines_amount_nonzero" CHECK ("store_credit_lines"."amount_paise" <> 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_lines" ADD CONSTRAINT "store_credit_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_lines" ADD CONSTRAINT "store_credit_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_lines_key_uq" ON "store_credit_lines" USING btree ("key");--> statement-breakpoint
CREATE INDEX "store_credit_lines_user_idx" ON "store_credit_lines" USING btree ("user_id","created_at");--> statement-breakpoint
-- Store credit lines never change, like the seller ledger's: a correction is a new line.
CREATE FUNCTION store_credit_lines_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'store credit lines are append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER store_credit_lines_append_only BEFORE UPDATE OR DELETE ON "store_credit_lines" FOR EACH ROW EXECUTE FUNCTION store_credit_lines_append_only();
