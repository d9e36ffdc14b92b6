ALTER TABLE "events" ADD COLUMN "order_timeout_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "email_footer_message" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "colors" jsonb;