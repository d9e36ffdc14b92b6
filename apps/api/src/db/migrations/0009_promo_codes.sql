CREATE TABLE "promo_code_tickets" (
	"promo_code_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	CONSTRAINT "promo_code_tickets_promo_code_id_ticket_id_pk" PRIMARY KEY("promo_code_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount" numeric(14, 3) DEFAULT '0' NOT NULL,
	"max_uses" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_code_tickets" ADD CONSTRAINT "promo_code_tickets_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_tickets" ADD CONSTRAINT "promo_code_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_unique" ON "promo_codes" USING btree ("event_id","code_key");--> statement-breakpoint
CREATE INDEX "promo_codes_account_idx" ON "promo_codes" USING btree ("account_id");