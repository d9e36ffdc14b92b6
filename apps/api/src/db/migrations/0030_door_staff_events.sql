CREATE TABLE "membership_events" (
	"membership_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "membership_events_membership_id_event_id_pk" PRIMARY KEY("membership_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_membership_id_account_users_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."account_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_events_event_idx" ON "membership_events" USING btree ("event_id");