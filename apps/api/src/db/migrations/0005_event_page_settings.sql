ALTER TABLE "events" ADD COLUMN "notify_organizer_of_new_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seo_keywords" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "allow_search_engine_indexing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "pre_checkout_message" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "post_checkout_message" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "show_remaining_tickets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_display_mode" text DEFAULT 'EXCLUSIVE' NOT NULL;