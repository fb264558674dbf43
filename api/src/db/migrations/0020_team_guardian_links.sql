ALTER TABLE "team_people" ADD COLUMN "guardian_token_hash" text;--> statement-breakpoint
ALTER TABLE "team_people" ADD COLUMN "guardian_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_people" ADD CONSTRAINT "team_people_guardian_token_hash_unique" UNIQUE("guardian_token_hash");