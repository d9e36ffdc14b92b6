CREATE TABLE "retired_ticket_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"attendee_id" integer NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_ticket_codes" ADD CONSTRAINT "retired_ticket_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_ticket_codes" ADD CONSTRAINT "retired_ticket_codes_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_ticket_codes_event_idx" ON "retired_ticket_codes" USING btree ("event_id");