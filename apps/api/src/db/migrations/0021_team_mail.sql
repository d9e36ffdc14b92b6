CREATE TABLE "mail_budget_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_budget_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"mails" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_users" ADD COLUMN "invited_email" text;--> statement-breakpoint
ALTER TABLE "mail_budget_entries" ADD CONSTRAINT "mail_budget_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_budget_entries" ADD CONSTRAINT "mail_budget_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_budget_entries_account_created_idx" ON "mail_budget_entries" USING btree ("account_id","created_at");--> statement-breakpoint
-- Invitations already pending show the address they were sent to.
UPDATE "account_users" SET "invited_email" = "users"."email" FROM "users" WHERE "users"."id" = "account_users"."user_id" AND "account_users"."status" = 'INVITED';
