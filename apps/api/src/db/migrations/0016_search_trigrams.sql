-- The organizer's searches ("contains", any case) over names, e-mails and order numbers use trigram
-- indexes. The expressions here must stay identical to the ones in attendee-query.ts and order-query.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attendees_search_trgm_idx" ON "attendees" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_search_trgm_idx" ON "orders" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || "order_number")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_number_trgm_idx" ON "orders" USING gin ((lower("order_number")) gin_trgm_ops);
