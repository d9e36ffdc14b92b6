CREATE TABLE "event_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"label" text,
	"location" jsonb,
	"status" text DEFAULT 'ON_SALE' NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_dates_taken_check" CHECK ("event_dates"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"quantity" integer,
	"price" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_dates_taken_check" CHECK ("ticket_dates"."taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "event_date_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "event_date_id" integer;--> statement-breakpoint
-- Every event made before dates existed gets one date: its own start and end.
INSERT INTO "event_dates" ("event_id", "start_date", "end_date", "created_at", "updated_at")
  SELECT "id", "start_date", "end_date", "created_at", "updated_at" FROM "events" ORDER BY "id";--> statement-breakpoint
-- Each ticket on that date took what the ticket took.
INSERT INTO "ticket_dates" ("ticket_id", "event_date_id", "taken")
  SELECT t."id", d."id", t."taken" FROM "tickets" t JOIN "event_dates" d ON d."event_id" = t."event_id" ORDER BY t."id";--> statement-breakpoint
UPDATE "attendees" a SET "event_date_id" = d."id" FROM "event_dates" d WHERE d."event_id" = a."event_id";--> statement-breakpoint
UPDATE "order_items" i SET "event_date_id" = d."id" FROM "orders" o, "event_dates" d WHERE o."id" = i."order_id" AND d."event_id" = o."event_id";--> statement-breakpoint
-- The date took every admission that counts (as the stock module will keep it from now on).
UPDATE "event_dates" d SET "taken" = (SELECT count(*) FROM "attendees" a WHERE a."event_date_id" = d."id" AND a."is_admission"
  AND a."status" IN ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE'));--> statement-breakpoint
ALTER TABLE "attendees" ALTER COLUMN "event_date_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "event_date_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_dates" ADD CONSTRAINT "ticket_dates_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_dates" ADD CONSTRAINT "ticket_dates_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_event_start_idx" ON "event_dates" USING btree ("event_id","start_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_dates_date_ticket_unique" ON "ticket_dates" USING btree ("event_date_id","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_dates_ticket_idx" ON "ticket_dates" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_date_status_idx" ON "attendees" USING btree ("event_date_id","status");