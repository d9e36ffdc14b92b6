ALTER TABLE "tickets" DROP CONSTRAINT "tickets_taken_check";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "taken";