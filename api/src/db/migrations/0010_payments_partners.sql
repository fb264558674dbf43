CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "pending_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text DEFAULT 'telr' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"ref" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"code" smallint DEFAULT 1 NOT NULL,
	"return_urls" jsonb NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_payments_order_unique" ON "pending_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_unique" ON "orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
UPDATE "orders" SET "status" = 'pending' WHERE "status" = 'initiated';
