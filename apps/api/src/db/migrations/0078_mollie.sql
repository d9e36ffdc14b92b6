CREATE TABLE "mollie_connections" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"organization_id" text,
	"organization_name" text,
	"profile_id" text,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"onboarding" text,
	"can_receive_payments" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"state_hash" text,
	"state_expires_at" timestamp with time zone,
	"state_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "provider_payments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text,
	"status" text NOT NULL,
	"checkout_url" text,
	"duplicate_refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payment_options" text[];--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_back_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mollie_connections" ADD CONSTRAINT "mollie_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_connections" ADD CONSTRAINT "mollie_connections_state_user_id_users_id_fk" FOREIGN KEY ("state_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payments" ADD CONSTRAINT "provider_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_payments_order_idx" ON "provider_payments" USING btree ("order_id","seq");