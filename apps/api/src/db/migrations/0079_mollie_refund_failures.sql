CREATE TABLE "mollie_refund_failures" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mollie_refund_failures" ADD CONSTRAINT "mollie_refund_failures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;