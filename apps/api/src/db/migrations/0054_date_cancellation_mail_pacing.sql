ALTER TABLE "date_cancellations" ADD COLUMN "mail_slots" jsonb;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD COLUMN "typed_mails_written" integer DEFAULT 0 NOT NULL;