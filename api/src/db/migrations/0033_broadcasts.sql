CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_ar" text NOT NULL,
	"subject_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"channels" text[] NOT NULL,
	"segment" jsonb NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"cursor" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"reach" jsonb,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_name" text
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_due_idx" ON "broadcasts" USING btree ("state","send_at");--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_broadcast_to_unique" ON "outbox" USING btree ("broadcast_id","to") WHERE "outbox"."broadcast_id" IS NOT NULL;