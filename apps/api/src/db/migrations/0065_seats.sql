CREATE TABLE "seat_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seat_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seat_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_dates_taken_check" CHECK ("seat_dates"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seating_seats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seating_seats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"guid" text NOT NULL,
	"zone" text NOT NULL,
	"row_label" text NOT NULL,
	"seat_number" text NOT NULL,
	"category" text NOT NULL,
	"places" integer NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"whole_table" text,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "seating_seats_places_check" CHECK ("seating_seats"."places" >= 1)
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "seat_id" integer;--> statement-breakpoint
ALTER TABLE "seat_dates" ADD CONSTRAINT "seat_dates_seat_id_seating_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seating_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_dates" ADD CONSTRAINT "seat_dates_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seating_seats" ADD CONSTRAINT "seating_seats_version_id_seating_plan_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."seating_plan_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_dates_seat_date_unique" ON "seat_dates" USING btree ("seat_id","event_date_id");--> statement-breakpoint
CREATE INDEX "seat_dates_date_idx" ON "seat_dates" USING btree ("event_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seating_seats_version_guid_unique" ON "seating_seats" USING btree ("version_id","guid");--> statement-breakpoint
CREATE INDEX "seating_seats_version_position_idx" ON "seating_seats" USING btree ("version_id","position");--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_seat_id_seating_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seating_seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_seat_idx" ON "attendees" USING btree ("seat_id") WHERE "attendees"."seat_id" is not null;