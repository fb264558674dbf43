CREATE TABLE "reminders_sent" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_subject_id_occasion_stage_pk" PRIMARY KEY("kind","subject_id","occasion","stage")
);
--> statement-breakpoint
CREATE INDEX "users_end_date_idx" ON "users" USING btree ("end_date");