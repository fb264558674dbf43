CREATE TABLE "certificate_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid NOT NULL,
	"competition_id" uuid NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"issued_on" date NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "certificate_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid,
	"background" text,
	"signatures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wording_ar" text NOT NULL,
	"wording_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "kind" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "award" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "award_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "competition_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "state" text DEFAULT 'valid' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_by_name" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issuer_name" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issuer_name_en" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issued_by_name" text;--> statement-breakpoint
ALTER TABLE "certificate_runs" ADD CONSTRAINT "certificate_runs_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_runs" ADD CONSTRAINT "certificate_runs_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_runs" ADD CONSTRAINT "certificate_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_templates_competition_idx" ON "certificate_templates" USING btree ("competition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_templates_default_idx" ON "certificate_templates" USING btree ((true)) WHERE "certificate_templates"."competition_id" is null;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_competition_idx" ON "certificates" USING btree ("competition_id","season_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_once_idx" ON "certificates" USING btree ("user_id","kind","season_id","competition_id","award") WHERE "certificates"."kind" <> 'legacy';--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_code_unique" UNIQUE("code");