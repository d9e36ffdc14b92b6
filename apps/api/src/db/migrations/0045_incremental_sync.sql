ALTER TABLE "attendees" ADD COLUMN "change_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "change_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "attendees_event_change_idx" ON "attendees" USING btree ("event_id","change_xid","id");--> statement-breakpoint
CREATE INDEX "orders_event_change_idx" ON "orders" USING btree ("event_id","change_xid","id");--> statement-breakpoint
CREATE INDEX "check_ins_event_change_idx" ON "check_ins" USING btree ("event_id","change_xid","id");--> statement-breakpoint
-- Incremental sync (shared/sync.ts): every insert and update of an order, an attendee or a check-in
-- records the id of the transaction that wrote it (the same for every row one transaction writes). A
-- sync list returns only rows below the oldest transaction still running (pg_snapshot_xmin), in
-- (change_xid, id) order, so a row that commits later always lands after the reader's cursor. The
-- trigger sets nothing else: updated_at stays the code's. Existing rows keep 0 (the column's default):
-- they come first, by id.
CREATE FUNCTION "set_change_xid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_change_xid" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "set_change_xid"();--> statement-breakpoint
CREATE TRIGGER "attendees_change_xid" BEFORE INSERT OR UPDATE ON "attendees" FOR EACH ROW EXECUTE FUNCTION "set_change_xid"();--> statement-breakpoint
CREATE TRIGGER "check_ins_change_xid" BEFORE INSERT OR UPDATE ON "check_ins" FOR EACH ROW EXECUTE FUNCTION "set_change_xid"();
