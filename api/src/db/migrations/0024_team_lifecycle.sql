CREATE TABLE "team_invitation_notices" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitation_notices_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
DROP INDEX "team_people_one_team";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "page_url" text;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "invited_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "child_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_invitation_notices" ADD CONSTRAINT "team_invitation_notices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation_notices" ADD CONSTRAINT "team_invitation_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_people" ADD CONSTRAINT "team_people_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Two open fee orders of one team (two tabs, before this index): the older ones are closed as expired;
-- a payment still made on one of them is settled, and refunded as a second payment.
UPDATE "orders" SET "status" = 'expired', "updated_at" = now() WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "team_id" ORDER BY "created_at" DESC) AS n
    FROM "orders" WHERE "order_type" = 'team_fee' AND "status" IN ('pending', 'held') AND "team_id" IS NOT NULL
  ) o WHERE o.n > 1
);--> statement-breakpoint
-- Pending invitations get the expiry new ones have (a guardian's link's, else 7 days from now); everyone
-- already invited was told, so saving their team again sends them nothing more.
UPDATE "team_people" SET "expires_at" = coalesce("guardian_token_expires_at", now() + interval '7 days')
  WHERE "state" = 'pending';--> statement-breakpoint
INSERT INTO "team_invitation_notices" ("team_id", "user_id")
  SELECT "team_id", "user_id" FROM "team_people" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_team_fee_open" ON "orders" USING btree ("team_id") WHERE "orders"."order_type" = 'team_fee' AND "orders"."status" IN ('pending', 'held');--> statement-breakpoint
CREATE INDEX "team_people_invited_by_idx" ON "team_people" USING btree ("invited_by","invited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_people_one_team" ON "team_people" USING btree ("user_id","season_id","competition_id") WHERE "team_people"."role" = 'member' AND "team_people"."active" AND "team_people"."state" = 'accepted';