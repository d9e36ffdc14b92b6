CREATE TABLE "box_office_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_office_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_office_claims" (
	"attendee_id" integer PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "box_office_client_id" text;--> statement-breakpoint
ALTER TABLE "box_office_allocations" ADD CONSTRAINT "box_office_allocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_allocations" ADD CONSTRAINT "box_office_allocations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_allocations" ADD CONSTRAINT "box_office_allocations_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_allocations" ADD CONSTRAINT "box_office_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_claims" ADD CONSTRAINT "box_office_claims_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_claims" ADD CONSTRAINT "box_office_claims_shift_id_box_office_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."box_office_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_allocations_date_unique" ON "box_office_allocations" USING btree ("event_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_allocations_order_unique" ON "box_office_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "box_office_allocations_event_idx" ON "box_office_allocations" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "box_office_claims_shift_idx" ON "box_office_claims" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_box_office_client_unique" ON "orders" USING btree ("event_id","box_office_client_id") WHERE "orders"."box_office_client_id" is not null;