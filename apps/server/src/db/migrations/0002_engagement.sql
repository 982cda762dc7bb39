ALTER TABLE "gift_events" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_welcome_uq" ON "coin_ledger" USING btree ("user_id") WHERE "coin_ledger"."reason" = 'welcome_bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "gift_events_sender_key_uq" ON "gift_events" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "polls_one_active_uq" ON "polls" USING btree ("stream_id") WHERE "polls"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_one_active_uq" ON "quizzes" USING btree ("stream_id") WHERE "quizzes"."is_active";