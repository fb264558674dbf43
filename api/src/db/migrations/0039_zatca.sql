CREATE TABLE "zatca_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_icv" integer NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zatca_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"profile" text DEFAULT 'simplified' NOT NULL,
	"icv" integer NOT NULL,
	"uuid" uuid NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"xml" text NOT NULL,
	"qr" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"messages" jsonb,
	"cleared_xml" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"issued_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zatca_documents" ADD CONSTRAINT "zatca_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zatca_documents" ADD CONSTRAINT "zatca_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_documents_number_unique" ON "zatca_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_documents_icv_unique" ON "zatca_documents" USING btree ("icv");--> statement-breakpoint
CREATE INDEX "zatca_documents_state_idx" ON "zatca_documents" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "zatca_documents_order_idx" ON "zatca_documents" USING btree ("order_id");--> statement-breakpoint
-- The chain's head before the first document: ZATCA's initial previous-invoice hash (base64 of the hex SHA-256 of "0").
INSERT INTO "zatca_chain" ("id", "last_icv", "last_hash") VALUES (1, 0, 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==') ON CONFLICT DO NOTHING;
