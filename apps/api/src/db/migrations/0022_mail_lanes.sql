ALTER TABLE "outbox" ADD COLUMN "lane" text DEFAULT 'bulk' NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_open_lane_idx" ON "outbox" USING btree ("lane","id") WHERE "outbox"."status" in ('PENDING', 'SENDING');--> statement-breakpoint
-- Mails already waiting that a person waits for go to the urgent lane (the templates mail/outbox.ts lists).
UPDATE "outbox" SET "lane" = 'urgent' WHERE "payload"->>'template' IN ('password_reset', 'email_confirmation', 'email_change', 'email_change_taken', 'login_changed', 'signup_confirmation', 'signup_existing_login', 'invitation') AND "status" IN ('PENDING', 'SENDING');
