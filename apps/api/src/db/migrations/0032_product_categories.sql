CREATE TABLE "product_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"name" text,
	"description" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"starts_collapsed" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "category_id" integer;--> statement-breakpoint
-- Every event gets its default category (no name: "Tickets" in each reader's language); its tickets go in it.
INSERT INTO "product_categories" ("account_id", "event_id", "sort_order") SELECT "account_id", "id", 0 FROM "events";--> statement-breakpoint
UPDATE "tickets" SET "category_id" = c."id" FROM "product_categories" c WHERE c."event_id" = "tickets"."event_id";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_categories_event_idx" ON "product_categories" USING btree ("event_id","sort_order");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;