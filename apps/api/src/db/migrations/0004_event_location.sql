ALTER TABLE "events" ADD COLUMN "is_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "online_details" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "location" jsonb DEFAULT '{}'::jsonb NOT NULL;