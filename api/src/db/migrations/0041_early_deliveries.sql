CREATE TABLE "early_deliveries" (
	"wamid" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_deliveries_wamid_status_pk" PRIMARY KEY("wamid","status")
);
--> statement-breakpoint
CREATE INDEX "early_deliveries_received_idx" ON "early_deliveries" USING btree ("received_at");