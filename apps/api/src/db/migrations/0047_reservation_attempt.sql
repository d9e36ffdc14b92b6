-- A reservation that finds no units is an answer, not a failed statement (issue #37). The reservation
-- statement (orders/reservation-insert.ts) raises a division by zero when a guarded counter refused
-- its units, so that the counters the chain had already changed are undone. Run through this function,
-- the statement runs in a subtransaction: on that division it is rolled back here, `on_stop` runs (it
-- gives back what the transaction claimed before the statement, the idempotency key), and the function
-- answers null. Nothing reaches the server log and the transaction ends normally. Any other error is
-- raised as before. The answer is the statement's one row as json.
CREATE FUNCTION "attempt_reservation"("statement" text, "on_stop" text) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  answer record;
BEGIN
  BEGIN
    EXECUTE "statement" INTO answer;
  EXCEPTION WHEN division_by_zero THEN
    IF "on_stop" IS NOT NULL THEN
      EXECUTE "on_stop";
    END IF;
    RETURN NULL;
  END;
  RETURN row_to_json(answer);
END
$$;
