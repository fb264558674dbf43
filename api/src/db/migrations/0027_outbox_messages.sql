ALTER TABLE "outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "category" text DEFAULT 'utility' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "params" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_provider_id_idx" ON "outbox" USING btree ("provider_id");