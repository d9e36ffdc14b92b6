CREATE TABLE "wallet_passes" (
	"serial" text PRIMARY KEY NOT NULL,
	"attendee_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"auth_token" text NOT NULL,
	"google" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"pushed_at" timestamp with time zone,
	"push_failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"device_id" text NOT NULL,
	"serial" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_registrations_device_id_serial_pk" PRIMARY KEY("device_id","serial")
);
--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_serial_wallet_passes_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."wallet_passes"("serial") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_passes_ticket_idx" ON "wallet_passes" USING btree ("attendee_id","code");--> statement-breakpoint
CREATE INDEX "wallet_passes_event_idx" ON "wallet_passes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "wallet_passes_unpushed_idx" ON "wallet_passes" USING btree ("retry_at") WHERE "wallet_passes"."pushed_at" is null or "wallet_passes"."pushed_at" < "wallet_passes"."changed_at";--> statement-breakpoint
CREATE INDEX "wallet_registrations_serial_idx" ON "wallet_registrations" USING btree ("serial");