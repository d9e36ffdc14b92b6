CREATE TABLE "date_move_mails" (
	"move_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "date_move_mails_move_id_order_id_pk" PRIMARY KEY("move_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "date_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "date_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_date_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"previous_start" timestamp with time zone NOT NULL,
	"previous_end" timestamp with time zone,
	"message" text,
	"user_id" integer,
	"orders" integer NOT NULL,
	"mail_slots" jsonb,
	"typed_mails_written" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "date_move_mails" ADD CONSTRAINT "date_move_mails_move_id_date_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."date_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_move_mails" ADD CONSTRAINT "date_move_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_moves" ADD CONSTRAINT "date_moves_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_moves" ADD CONSTRAINT "date_moves_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_moves_open_idx" ON "date_moves" USING btree ("created_at") WHERE "date_moves"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "date_moves_date_idx" ON "date_moves" USING btree ("event_date_id");