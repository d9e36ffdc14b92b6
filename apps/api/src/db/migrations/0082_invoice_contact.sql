ALTER TABLE "invoice_settings" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "contact_phone" text;