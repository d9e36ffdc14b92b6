ALTER TABLE "attendees" ADD COLUMN "pass_group" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "is_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "pass_prorated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "attendees_pass_group_idx" ON "attendees" USING btree ("pass_group") WHERE "attendees"."pass_group" is not null;