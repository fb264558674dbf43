ALTER TABLE "users" ADD COLUMN "language_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Nothing wrote users.language before this migration (it defaulted to 'en'): an account already in Arabic was set by hand, a choice to keep.
UPDATE "users" SET "language_chosen" = true WHERE "language" = 'ar';--> statement-breakpoint
-- The others were never asked: their language is guessed as api/src/accounts/language.ts guesses it (docs/decisions/015-member-language.md).
-- Arabic for a nationality of the Arab League; for no nationality, Arabic when the account's phone (a student's guardian's without one) is Saudi; English otherwise.
UPDATE "users" SET "language" = 'ar'
WHERE "language" <> 'ar' AND (
  upper(coalesce("nationality", '')) IN ('AE', 'BH', 'DJ', 'DZ', 'EG', 'IQ', 'JO', 'KM', 'KW', 'LB', 'LY', 'MA', 'MR', 'OM', 'PS', 'QA', 'SA', 'SD', 'SO', 'SY', 'TN', 'YE')
  OR (
    coalesce("nationality", '') = ''
    AND coalesce(nullif("phone_number", ''), nullif("guardian_phone", ''), '') ~ '^(\+|00)?966'
  )
);--> statement-breakpoint
UPDATE "users" SET "language" = 'en' WHERE "language" NOT IN ('ar', 'en');
