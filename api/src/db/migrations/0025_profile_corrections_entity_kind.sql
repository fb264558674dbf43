CREATE TABLE "profile_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"dob" date,
	"grade" text,
	"reason" text,
	"state" text DEFAULT 'open' NOT NULL,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "entity_kind" text;--> statement-breakpoint
ALTER TABLE "profile_corrections" ADD CONSTRAINT "profile_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_corrections" ADD CONSTRAINT "profile_corrections_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_corrections_one_open" ON "profile_corrections" USING btree ("user_id") WHERE "profile_corrections"."state" = 'open';--> statement-breakpoint
CREATE INDEX "profile_corrections_state_idx" ON "profile_corrections" USING btree ("state","created_at");