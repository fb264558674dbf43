CREATE TABLE "judge_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_name" text NOT NULL,
	"city" text NOT NULL,
	"apply_as" text NOT NULL,
	"pexperince" text NOT NULL,
	"certifcates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge_applications" ADD CONSTRAINT "judge_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_applications_user_idx" ON "judge_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "judge_applications_created_idx" ON "judge_applications" USING btree ("created_at");