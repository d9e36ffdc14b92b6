CREATE TABLE "capacity_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "capacity_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"capacity_assignment_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "capacity_dates_taken_check" CHECK ("capacity_dates"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tier_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tier_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tier_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tier_dates_taken_check" CHECK ("tier_dates"."taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "capacity_assignments" DROP CONSTRAINT "capacity_assignments_taken_check";--> statement-breakpoint
ALTER TABLE "ticket_tiers" DROP CONSTRAINT "ticket_tiers_taken_check";--> statement-breakpoint
ALTER TABLE "capacity_dates" ADD CONSTRAINT "capacity_dates_capacity_assignment_id_capacity_assignments_id_fk" FOREIGN KEY ("capacity_assignment_id") REFERENCES "public"."capacity_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_dates" ADD CONSTRAINT "capacity_dates_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_dates" ADD CONSTRAINT "tier_dates_tier_id_ticket_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."ticket_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_dates" ADD CONSTRAINT "tier_dates_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_dates_capacity_date_unique" ON "capacity_dates" USING btree ("capacity_assignment_id","event_date_id");--> statement-breakpoint
CREATE INDEX "capacity_dates_date_idx" ON "capacity_dates" USING btree ("event_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_dates_tier_date_unique" ON "tier_dates" USING btree ("tier_id","event_date_id");--> statement-breakpoint
CREATE INDEX "tier_dates_date_idx" ON "tier_dates" USING btree ("event_date_id");--> statement-breakpoint
-- What each tier and each limiting capacity assignment had taken, now per date, from the attendees that count.
INSERT INTO "tier_dates" ("tier_id", "event_date_id", "taken")
  SELECT a."tier_id", a."event_date_id", count(*) FROM "attendees" a
  WHERE a."tier_id" IS NOT NULL AND a."status" IN ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')
  GROUP BY a."tier_id", a."event_date_id";--> statement-breakpoint
INSERT INTO "capacity_dates" ("capacity_assignment_id", "event_date_id", "taken")
  SELECT c."id", a."event_date_id", count(*) FROM "capacity_assignments" c
  JOIN "attendees" a ON a."event_id" = c."event_id" AND a."status" IN ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')
    AND (c."applies_to" = 'ALL' OR a."ticket_id" IN (
      SELECT ct."ticket_id" FROM "capacity_assignment_tickets" ct WHERE ct."capacity_assignment_id" = c."id"))
  WHERE c."enabled" AND c."capacity" IS NOT NULL
  GROUP BY c."id", a."event_date_id";--> statement-breakpoint
ALTER TABLE "capacity_assignments" DROP COLUMN "taken";--> statement-breakpoint
ALTER TABLE "ticket_tiers" DROP COLUMN "taken";