ALTER TABLE "check_ins" ADD COLUMN "overridden" jsonb;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "override_reason" text;