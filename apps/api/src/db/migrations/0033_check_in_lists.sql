CREATE TABLE "check_in_list_tickets" (
	"list_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	CONSTRAINT "check_in_list_tickets_list_id_ticket_id_pk" PRIMARY KEY("list_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"name" text,
	"description" text,
	"all_tickets" boolean DEFAULT true NOT NULL,
	"activates_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"staff_token" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_check_ins" (
	"list_id" integer NOT NULL,
	"attendee_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" integer,
	"via_staff_link" boolean DEFAULT false NOT NULL,
	CONSTRAINT "list_check_ins_list_id_attendee_id_pk" PRIMARY KEY("list_id","attendee_id")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "check_in_list_id" integer;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "via_staff_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "check_in_list_tickets" ADD CONSTRAINT "check_in_list_tickets_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_list_tickets" ADD CONSTRAINT "check_in_list_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_ins" ADD CONSTRAINT "list_check_ins_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_ins" ADD CONSTRAINT "list_check_ins_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_ins" ADD CONSTRAINT "list_check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_list_tickets_ticket_idx" ON "check_in_list_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "check_in_lists_event_idx" ON "check_in_lists" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_lists_staff_token_unique" ON "check_in_lists" USING btree ("staff_token");--> statement-breakpoint
CREATE INDEX "list_check_ins_attendee_idx" ON "list_check_ins" USING btree ("attendee_id");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_check_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("check_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every existing event gets its default list (admitting all tickets); who is in now and the history move onto it.
INSERT INTO "check_in_lists" ("account_id", "event_id", "sort_order", "created_at", "updated_at") SELECT "account_id", "id", 0, "created_at", "created_at" FROM "events";--> statement-breakpoint
INSERT INTO "list_check_ins" ("list_id", "attendee_id", "event_id", "checked_in_at", "checked_in_by") SELECT l."id", a."id", a."event_id", a."checked_in_at", a."checked_in_by" FROM "attendees" a JOIN "check_in_lists" l ON l."event_id" = a."event_id" WHERE a."checked_in_at" IS NOT NULL;--> statement-breakpoint
UPDATE "check_ins" c SET "check_in_list_id" = l."id" FROM "check_in_lists" l WHERE l."event_id" = c."event_id";
