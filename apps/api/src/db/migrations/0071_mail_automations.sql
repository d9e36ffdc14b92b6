CREATE TABLE "automation_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automation_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"automation_id" integer NOT NULL,
	"recipient_key" text NOT NULL,
	"email" text NOT NULL,
	"event_date_id" integer,
	"order_id" integer,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_automations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_automations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"offset_minutes" integer NOT NULL,
	"audience" text DEFAULT 'ALL' NOT NULL,
	"message" text,
	"link_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizer_id" integer NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status" text DEFAULT 'SENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "not_sent_reason" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "event_date_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "check_in" text DEFAULT 'ANY' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answer_filter" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_locale" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_token" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "mail_text" text;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_automation_id_mail_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."mail_automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_automations" ADD CONSTRAINT "mail_automations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_automations" ADD CONSTRAINT "mail_automations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_contacts" ADD CONSTRAINT "mail_contacts_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_sends_unique" ON "automation_sends" USING btree ("automation_id","recipient_key");--> statement-breakpoint
CREATE INDEX "automation_sends_created_idx" ON "automation_sends" USING btree ("automation_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_automations_event_idx" ON "mail_automations" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "mail_automations_account_idx" ON "mail_automations" USING btree ("account_id") WHERE "mail_automations"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_contacts_organizer_email_unique" ON "mail_contacts" USING btree ("organizer_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_contacts_token_unique" ON "mail_contacts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "messages_scheduled_idx" ON "messages" USING btree ("send_at") WHERE "messages"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_recovery_token_unique" ON "orders" USING btree ("recovery_token") WHERE "orders"."recovery_token" is not null;--> statement-breakpoint
CREATE INDEX "orders_recovery_idx" ON "orders" USING btree ("event_id","updated_at") WHERE "orders"."recovery_consent" and "orders"."status" in ('RESERVED', 'ABANDONED');--> statement-breakpoint
-- Reminders are on by default (48 and 2 hours before each date): every event made before gets them too.
INSERT INTO "mail_automations" ("account_id", "event_id", "kind", "enabled", "offset_minutes")
SELECT e."account_id", e."id", 'REMINDER', true, m.minutes
FROM "events" e CROSS JOIN (VALUES (2880), (120)) AS m(minutes);
