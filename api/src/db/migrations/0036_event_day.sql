CREATE TABLE "event_awards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"team_id" uuid NOT NULL,
	"place" smallint,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid NOT NULL,
	"competition_id" uuid NOT NULL,
	"event_date" date NOT NULL,
	"venue_name" text NOT NULL,
	"venue_city" text NOT NULL,
	"map_url" text,
	"rules" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"max" numeric(10, 2) NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"judge_id" uuid,
	"value" numeric(10, 2) NOT NULL,
	"points" jsonb,
	"time" numeric(10, 2),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "event_scores_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "event_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_teams" (
	"event_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	CONSTRAINT "event_teams_event_id_team_id_pk" PRIMARY KEY("event_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "ranking" jsonb;--> statement-breakpoint
ALTER TABLE "event_awards" ADD CONSTRAINT "event_awards_event_id_event_days_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_awards" ADD CONSTRAINT "event_awards_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_days" ADD CONSTRAINT "event_days_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_days" ADD CONSTRAINT "event_days_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rounds" ADD CONSTRAINT "event_rounds_event_id_event_days_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rounds" ADD CONSTRAINT "event_rounds_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scores" ADD CONSTRAINT "event_scores_event_id_event_days_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scores" ADD CONSTRAINT "event_scores_round_id_event_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."event_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scores" ADD CONSTRAINT "event_scores_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scores" ADD CONSTRAINT "event_scores_judge_id_users_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_event_id_event_days_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_event_id_event_days_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_awards_event_idx" ON "event_awards" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_days_competition_idx" ON "event_days" USING btree ("competition_id","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rounds_number_unique" ON "event_rounds" USING btree ("event_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "event_scores_current_unique" ON "event_scores" USING btree ("round_id","team_id","judge_id") WHERE "event_scores"."replaced_at" IS NULL;--> statement-breakpoint
CREATE INDEX "event_scores_event_idx" ON "event_scores" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_staff_live_unique" ON "event_staff" USING btree ("event_id","user_id") WHERE "event_staff"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "event_staff_user_idx" ON "event_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_teams_team_idx" ON "event_teams" USING btree ("team_id");