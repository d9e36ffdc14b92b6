CREATE TABLE "ticket_taxes_and_fees" (
	"ticket_id" integer NOT NULL,
	"tax_and_fee_id" integer NOT NULL,
	CONSTRAINT "ticket_taxes_and_fees_ticket_id_tax_and_fee_id_pk" PRIMARY KEY("ticket_id","tax_and_fee_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"label" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"price" integer,
	"min_price" integer,
	"quantity" integer,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hide_when_sold_out" boolean DEFAULT false NOT NULL,
	"hide_before_sale_start" boolean DEFAULT false NOT NULL,
	"hide_after_sale_end" boolean DEFAULT false NOT NULL,
	"requires_promo_code" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_taxes_and_fees" ADD CONSTRAINT "ticket_taxes_and_fees_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_taxes_and_fees" ADD CONSTRAINT "ticket_taxes_and_fees_tax_and_fee_id_taxes_and_fees_id_fk" FOREIGN KEY ("tax_and_fee_id") REFERENCES "public"."taxes_and_fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tiers" ADD CONSTRAINT "ticket_tiers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_taxes_tax_idx" ON "ticket_taxes_and_fees" USING btree ("tax_and_fee_id");--> statement-breakpoint
CREATE INDEX "ticket_tiers_ticket_idx" ON "ticket_tiers" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id","sort_order");