CREATE TABLE "moderator_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"phone" text,
	"invitee_id" uuid,
	"invited_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderator_invitations_seller_phone_unique" UNIQUE("seller_id","phone"),
	CONSTRAINT "moderator_invitations_seller_invitee_unique" UNIQUE("seller_id","invitee_id"),
	CONSTRAINT "moderator_invitations_one_invitee" CHECK (("moderator_invitations"."phone" is null) <> ("moderator_invitations"."invitee_id" is null))
);
--> statement-breakpoint
ALTER TABLE "moderator_invitations" ADD CONSTRAINT "moderator_invitations_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_invitations" ADD CONSTRAINT "moderator_invitations_invitee_id_user_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_invitations" ADD CONSTRAINT "moderator_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderator_invitations_phone_idx" ON "moderator_invitations" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "moderator_invitations_invitee_idx" ON "moderator_invitations" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "moderator_invitations_expires_idx" ON "moderator_invitations" USING btree ("expires_at");