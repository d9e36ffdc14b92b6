-- Venues gain a position (latitude and longitude, both or neither): stored venues get both as null, so every stored
-- venue has every field that is answered.
UPDATE "events" SET "location" = "location" || '{"latitude": null, "longitude": null}'::jsonb WHERE NOT ("location" ? 'latitude');--> statement-breakpoint
UPDATE "event_dates" SET "location" = "location" || '{"latitude": null, "longitude": null}'::jsonb WHERE "location" IS NOT NULL AND NOT ("location" ? 'latitude');
