ALTER TABLE "users" ALTER COLUMN "guardian_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "guardian_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "guardian_phone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "guardian_phone" DROP NOT NULL;--> statement-breakpoint
-- The old contract's filler 'None' (any case, spaces around) becomes empty: NULL in columns, '' inside JSON.
UPDATE "users" SET "guardian_name" = NULL WHERE lower(btrim("guardian_name")) IN ('none', '');--> statement-breakpoint
UPDATE "users" SET "guardian_phone" = NULL WHERE lower(btrim("guardian_phone")) IN ('none', '');--> statement-breakpoint
UPDATE "users" SET "city" = NULL WHERE lower(btrim("city")) = 'none';--> statement-breakpoint
UPDATE "users" SET "gender" = NULL WHERE lower(btrim("gender")) = 'none';--> statement-breakpoint
UPDATE "users" SET "entity_type" = NULL WHERE lower(btrim("entity_type")) = 'none';--> statement-breakpoint
UPDATE "users" SET "tax_id" = NULL WHERE lower(btrim("tax_id")) = 'none';--> statement-breakpoint
UPDATE "users" SET "cr_number" = NULL WHERE lower(btrim("cr_number")) = 'none';--> statement-breakpoint
UPDATE "users" SET "education" = (
  SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'string' AND lower(btrim(e.value #>> '{}')) = 'none' THEN '""'::jsonb ELSE e.value END)
  FROM jsonb_each("users"."education") e
) WHERE jsonb_typeof("education") = 'object'
  AND EXISTS (SELECT 1 FROM jsonb_each_text("users"."education") e WHERE lower(btrim(e.value)) = 'none');--> statement-breakpoint
UPDATE "users" SET "supervisor" = (
  SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'string' AND lower(btrim(e.value #>> '{}')) = 'none' THEN '""'::jsonb ELSE e.value END)
  FROM jsonb_each("users"."supervisor") e
) WHERE jsonb_typeof("supervisor") = 'object'
  AND EXISTS (SELECT 1 FROM jsonb_each_text("users"."supervisor") e WHERE lower(btrim(e.value)) = 'none');
