CREATE TABLE "duplicate_refunds" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "duplicate_refunds" ADD CONSTRAINT "duplicate_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_refunds_open_idx" ON "duplicate_refunds" USING btree ("found_at") WHERE refunded_at is null;--> statement-breakpoint
INSERT INTO "duplicate_refunds" ("payment_id", "provider", "order_id", "account_id", "currency", "found_at", "refunded_at")
SELECT p."id", 'MOLLIE', p."order_id", o."account_id", o."currency", p."duplicate_refunded_at", p."duplicate_refunded_at"
FROM "provider_payments" p JOIN "orders" o ON o."id" = p."order_id" WHERE p."duplicate_refunded_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_payments" DROP COLUMN "duplicate_refunded_at";