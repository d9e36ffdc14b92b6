ALTER TABLE "events" ADD COLUMN "attendee_edits_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attendee_edit_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_transfers" text DEFAULT 'OFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_transfer_cutoff_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "buyer_cancellation" text DEFAULT 'NOT_ALLOWED' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "buyer_cancellation_cutoff_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "buyer_editable" boolean DEFAULT false NOT NULL;