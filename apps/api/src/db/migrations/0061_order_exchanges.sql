CREATE TABLE "order_exchanges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"from_date_id" integer NOT NULL,
	"to_date_id" integer NOT NULL,
	"status" text NOT NULL,
	"previous_total" integer NOT NULL,
	"new_total" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"payment_intent_id" text,
	"refund_state" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_exchanges" ADD CONSTRAINT "order_exchanges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exchanges" ADD CONSTRAINT "order_exchanges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exchanges" ADD CONSTRAINT "order_exchanges_from_date_id_event_dates_id_fk" FOREIGN KEY ("from_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exchanges" ADD CONSTRAINT "order_exchanges_to_date_id_event_dates_id_fk" FOREIGN KEY ("to_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exchanges_order_idx" ON "order_exchanges" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_exchanges_intent_unique" ON "order_exchanges" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_exchanges_paying_unique" ON "order_exchanges" USING btree ("order_id") WHERE "order_exchanges"."status" = 'PAYING';