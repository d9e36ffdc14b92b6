CREATE TABLE "webhook_sequences" (
	"object_kind" text NOT NULL,
	"object_id" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "webhook_sequences_object_kind_object_id_pk" PRIMARY KEY("object_kind","object_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "sequence" integer;