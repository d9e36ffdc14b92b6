ALTER TABLE "tickets" ADD COLUMN "product_type" text DEFAULT 'TICKET' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "addon_max_per_ticket" integer;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "is_admission" boolean DEFAULT true NOT NULL;