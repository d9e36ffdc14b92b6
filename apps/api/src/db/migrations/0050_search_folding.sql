-- Search that ignores accents and case (issue #38: "leo" finds Léo at the door): search_fold lower-cases
-- a text, writes ß, æ and œ out and takes the accents off Latin letters (upper-case ones too, whatever the
-- database's locale does with lower()). The attendee and order searches compare search_fold of what they
-- look in with search_fold of each typed word; the trigram indexes are on the same expressions
-- (attendees/attendee-query.ts and orders/order-query.ts build them identically).
CREATE FUNCTION "search_fold"("value" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  select translate(replace(replace(replace(replace(replace(lower("value"), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'),
    'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćĉċčÇĆĈĊČďđĎĐèéêëēĕėęěÈÉÊËĒĔĖĘĚĝğġģĜĞĠĢĥħĤĦìíîïĩīĭįıÌÍÎÏĨĪĬĮİĵĴķĶĺļľŀłĹĻĽĿŁñńņňÑŃŅŇòóôõöøōŏőÒÓÔÕÖØŌŎŐŕŗřŔŖŘśŝşšșŚŜŞŠȘţťŧțŢŤŦȚùúûüũūŭůűųÙÚÛÜŨŪŬŮŰŲŵŴýÿŷÝŸŶźżžŹŻŽ',
    'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz')
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "attendees_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "attendees_search_trgm_idx" ON "attendees" USING gin ((search_fold(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ((search_fold(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || "order_number")) gin_trgm_ops);
