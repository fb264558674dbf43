CREATE SEQUENCE "public"."team_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid NOT NULL,
	"competition_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"min_members" integer DEFAULT 1 NOT NULL,
	"max_members" integer DEFAULT 3 NOT NULL,
	"max_coaches" integer DEFAULT 1 NOT NULL,
	"entity_required" boolean DEFAULT false NOT NULL,
	"grades" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"age_on" date,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "state" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "competition_id" uuid;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "registration_id" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_season_competition_unique" ON "registrations" USING btree ("season_id","competition_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_people_one_team" ON "team_people" USING btree ("user_id","season_id","competition_id") WHERE "team_people"."role" = 'member' AND "team_people"."active" AND "team_people"."state" <> 'declined';--> statement-breakpoint
CREATE INDEX "teams_state_idx" ON "teams" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "team_people" ADD CONSTRAINT "team_people_id_unique" UNIQUE("id");