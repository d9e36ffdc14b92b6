CREATE TABLE "event_seat_categories" (
	"event_id" integer NOT NULL,
	"category" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"tier_id" integer,
	CONSTRAINT "event_seat_categories_event_id_category_pk" PRIMARY KEY("event_id","category")
);
--> statement-breakpoint
CREATE TABLE "event_seating" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_seat_categories" ADD CONSTRAINT "event_seat_categories_event_id_event_seating_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_seating"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seat_categories" ADD CONSTRAINT "event_seat_categories_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seat_categories" ADD CONSTRAINT "event_seat_categories_tier_id_ticket_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."ticket_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_version_id_seating_plan_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."seating_plan_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_seat_categories_ticket_idx" ON "event_seat_categories" USING btree ("ticket_id");