ALTER TABLE "taxes_and_fees" ADD COLUMN "currency" text;--> statement-breakpoint
-- A fixed amount was in the account's currency and charged as such on every event, whatever its
-- currency: it now says its currency and applies only to events in it.
UPDATE "taxes_and_fees" SET "currency" = "accounts"."currency" FROM "accounts" WHERE "accounts"."id" = "taxes_and_fees"."account_id" AND "taxes_and_fees"."calculation_type" = 'FIXED';
