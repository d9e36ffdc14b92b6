CREATE TABLE "date_cancellations" (
	"event_date_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"refund" boolean NOT NULL,
	"message" text,
	"user_id" integer,
	"orders" integer NOT NULL,
	"refunds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_cancellations_open_idx" ON "date_cancellations" USING btree ("created_at") WHERE "date_cancellations"."finished_at" is null;