-- Offline orders get a payment deadline (days after the order and/or a date, per event); the sweep reminds, then cancels.
ALTER TABLE "events" ADD COLUMN "offline_payment_days" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "offline_payment_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'AWAITING_PAYMENT' and "orders"."payment_due_at" is not null;