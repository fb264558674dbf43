ALTER TABLE "registrations" ADD COLUMN "max_teams" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "waitlisted_at" timestamp with time zone;