CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"tier_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"quantity" integer NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"leave_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"order_id" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_quantity_check" CHECK ("waitlist_entries"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_mode" text DEFAULT 'AUTOMATIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waitlist_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tier_id_ticket_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."ticket_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_waiting_idx" ON "waitlist_entries" USING btree ("ticket_id","id") WHERE "waitlist_entries"."status" = 'WAITING';--> statement-breakpoint
CREATE INDEX "waitlist_event_idx" ON "waitlist_entries" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_leave_token_unique" ON "waitlist_entries" USING btree ("leave_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offer_token_unique" ON "waitlist_entries" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_waiting_address_unique" ON "waitlist_entries" USING btree ("ticket_id","email") WHERE "waitlist_entries"."status" = 'WAITING';