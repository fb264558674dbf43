CREATE TABLE "gallery_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"thumb" text,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"ext" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_files_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "gallery_files" ADD CONSTRAINT "gallery_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_files_type_created_idx" ON "gallery_files" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "gallery_files_name_trgm" ON "gallery_files" USING gin ("name" gin_trgm_ops);