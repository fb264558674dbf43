ALTER TABLE "verifications" ADD COLUMN "sends" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "sends_since" timestamp with time zone DEFAULT now() NOT NULL;