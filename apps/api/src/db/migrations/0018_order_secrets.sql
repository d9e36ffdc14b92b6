-- Every order gets its own secret for the buyer's links (existing ones too: the default is volatile, so
-- PostgreSQL computes it for each row while it adds the column).
ALTER TABLE "orders" ADD COLUMN "secret" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_sent_at" timestamp with time zone;