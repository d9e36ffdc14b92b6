CREATE TABLE "seat_hold_places" (
	"event_id" integer NOT NULL,
	"seat_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	CONSTRAINT "seat_hold_places_event_id_seat_id_pk" PRIMARY KEY("event_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seat_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seat_hold_places" ADD CONSTRAINT "seat_hold_places_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_hold_places" ADD CONSTRAINT "seat_hold_places_seat_id_seating_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seating_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_hold_places" ADD CONSTRAINT "seat_hold_places_hold_id_seat_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."seat_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_hold_places_hold_idx" ON "seat_hold_places" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "seat_holds_event_idx" ON "seat_holds" USING btree ("event_id");