CREATE TABLE "membership_organizers" (
	"membership_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	CONSTRAINT "membership_organizers_membership_id_organizer_id_pk" PRIMARY KEY("membership_id","organizer_id")
);
--> statement-breakpoint
ALTER TABLE "membership_organizers" ADD CONSTRAINT "membership_organizers_membership_id_account_users_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."account_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_organizers" ADD CONSTRAINT "membership_organizers_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_organizers_organizer_idx" ON "membership_organizers" USING btree ("organizer_id");