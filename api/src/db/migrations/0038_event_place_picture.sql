ALTER TABLE "events" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "place_en" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image" text;