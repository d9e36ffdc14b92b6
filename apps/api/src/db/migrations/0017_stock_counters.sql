ALTER TABLE "events" ADD COLUMN "client_hold_limit" integer DEFAULT 20;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "client_reservation_limit" integer DEFAULT 20;--> statement-breakpoint
ALTER TABLE "ticket_tiers" ADD COLUMN "taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "stock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "capacity_assignments" ADD COLUMN "taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("event_id","client_key","created_at") WHERE "orders"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_live_holds_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" in ('RESERVED', 'PROCESSING') and "orders"."hold_released_at" is null;--> statement-breakpoint
ALTER TABLE "ticket_tiers" ADD CONSTRAINT "ticket_tiers_taken_check" CHECK ("ticket_tiers"."taken" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_taken_check" CHECK ("tickets"."taken" >= 0);--> statement-breakpoint
ALTER TABLE "capacity_assignments" ADD CONSTRAINT "capacity_assignments_taken_check" CHECK ("capacity_assignments"."taken" >= 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_taken_check" CHECK ("promo_codes"."taken" >= 0);--> statement-breakpoint
-- Counters from the rows they summarise (docs/LOCKING.md). Holds that already ran out give their units back first.
UPDATE "orders" SET "hold_released_at" = now() WHERE "status" IN ('RESERVED', 'PROCESSING') AND ("reserved_until" IS NULL OR "reserved_until" <= now());--> statement-breakpoint
UPDATE "attendees" a SET "status" = 'ABANDONED' FROM "orders" o WHERE o."id" = a."order_id" AND a."status" = 'RESERVED' AND o."hold_released_at" IS NOT NULL;--> statement-breakpoint
UPDATE "tickets" t SET "taken" = (SELECT count(*) FROM "attendees" a WHERE a."ticket_id" = t."id" AND a."status" IN ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE'));--> statement-breakpoint
UPDATE "ticket_tiers" x SET "taken" = (SELECT count(*) FROM "attendees" a WHERE a."tier_id" = x."id" AND a."status" IN ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE'));--> statement-breakpoint
UPDATE "capacity_assignments" c SET "taken" = (SELECT coalesce(sum(t."taken"), 0) FROM "tickets" t WHERE t."event_id" = c."event_id" AND (c."applies_to" = 'ALL' OR t."id" IN (SELECT ct."ticket_id" FROM "capacity_assignment_tickets" ct WHERE ct."capacity_assignment_id" = c."id")));--> statement-breakpoint
UPDATE "promo_codes" p SET "taken" = (SELECT count(*) FROM "orders" o WHERE o."promo_code_id" = p."id" AND o."status" NOT IN ('ABANDONED', 'CANCELLED') AND o."cancelled_at" IS NULL AND o."hold_released_at" IS NULL);
