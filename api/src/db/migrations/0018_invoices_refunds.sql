CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"provider_ref" text,
	"credit_note_number" text NOT NULL,
	"idempotency_key" text,
	"ended_subscription" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_counters_kind_year_unique" ON "document_counters" USING btree ("kind","year");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_unique" ON "refunds" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
-- Paid orders get their invoice numbers in payment order, one sequence per year on the platform's clock (Riyadh, UTC+3 all year).
WITH numbered AS (
  SELECT "id",
    extract(year FROM ("activated_at" AT TIME ZONE 'UTC') + interval '3 hours')::int AS "year",
    row_number() OVER (
      PARTITION BY extract(year FROM ("activated_at" AT TIME ZONE 'UTC') + interval '3 hours')
      ORDER BY "activated_at", "id"
    ) AS "n"
  FROM "orders"
  WHERE "activated_at" IS NOT NULL AND "invoice_number" IS NULL
)
UPDATE "orders" SET "invoice_number" = 'INV-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered WHERE "orders"."id" = numbered."id";
--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "year", "last")
SELECT 'INV', extract(year FROM ("activated_at" AT TIME ZONE 'UTC') + interval '3 hours')::int, count(*)
FROM "orders" WHERE "invoice_number" IS NOT NULL
GROUP BY 2;
