ALTER TABLE "events" ADD COLUMN "date_exchanges" text DEFAULT 'OFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "date_exchange_cutoff_hours" integer DEFAULT 24 NOT NULL;