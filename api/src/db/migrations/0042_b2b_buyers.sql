CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"team_id" uuid,
	"position" integer NOT NULL,
	"team_no" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_unique" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_team_unique" ON "order_lines" USING btree ("order_id","team_id");--> statement-breakpoint
CREATE INDEX "order_lines_team_idx" ON "order_lines" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;