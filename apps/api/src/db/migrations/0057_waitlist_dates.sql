DROP INDEX "waitlist_waiting_idx";--> statement-breakpoint
DROP INDEX "waitlist_waiting_address_unique";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "event_date_id" integer;--> statement-breakpoint
-- Waitlists were per ticket and only events with one date took entries: each entry waits for its event's
-- first date that is not cancelled (else its first date).
UPDATE "waitlist_entries" w SET "event_date_id" = (
  SELECT d."id" FROM "event_dates" d WHERE d."event_id" = w."event_id"
  ORDER BY (d."status" = 'CANCELLED'), d."start_date", d."id" LIMIT 1
);--> statement-breakpoint
DELETE FROM "waitlist_entries" WHERE "event_date_id" IS NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "event_date_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_waiting_idx" ON "waitlist_entries" USING btree ("ticket_id","event_date_id","id") WHERE "waitlist_entries"."status" = 'WAITING';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_waiting_address_unique" ON "waitlist_entries" USING btree ("ticket_id","event_date_id","email") WHERE "waitlist_entries"."status" = 'WAITING';
