-- A hold may be extended up to ten times (WCAG 2.2.1), so the one-time flag becomes a count; a hold extended before counts once.
ALTER TABLE "orders" ADD COLUMN "hold_extensions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "hold_extensions" = 1 WHERE "hold_extended";
