ALTER TABLE "judge_applications" RENAME COLUMN "pexperince" TO "previous_experience";--> statement-breakpoint
ALTER TABLE "judge_applications" RENAME COLUMN "certifcates" TO "certificates";--> statement-breakpoint
ALTER TABLE "plans" RENAME COLUMN "orignal_pirce" TO "original_price";--> statement-breakpoint
ALTER TABLE "settings" RENAME COLUMN "tearm_condition" TO "terms_conditions";--> statement-breakpoint
ALTER TABLE "settings" RENAME COLUMN "tearm_condition_en" TO "terms_conditions_en";--> statement-breakpoint
ALTER TABLE "settings" RENAME COLUMN "site_copy_right" TO "site_copyright";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "subcription" TO "subscription";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "steb_user_id" TO "external_user_id";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "refree_judge" TO "referee_judge";
