CREATE TABLE "box_office_shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_office_shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"float" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"counted" jsonb,
	"counted_total" integer,
	"expected_cash" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'ONLINE' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "box_office_shift_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "box_office_payment" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sold_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sold_at_box_office" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "box_office_price" integer;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_shifts_open_unique" ON "box_office_shifts" USING btree ("event_id","user_id") WHERE "box_office_shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "box_office_shifts_event_idx" ON "box_office_shifts" USING btree ("event_id","opened_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_box_office_shift_id_box_office_shifts_id_fk" FOREIGN KEY ("box_office_shift_id") REFERENCES "public"."box_office_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shift_idx" ON "orders" USING btree ("box_office_shift_id","id") WHERE "orders"."box_office_shift_id" is not null;