-- Bidi embeddings, overrides and isolates are now dropped from what riders type
-- (packages/contract/src/text.ts); this drops them from what was stored before, where a stranger
-- reads it: names, place names and the notices that quote them. A name left empty becomes the
-- single space the spec gives a missing name; a place name left empty keeps what it had.
UPDATE "users" SET "first_name" = coalesce(nullif(btrim(regexp_replace("first_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), ' ')
  WHERE "first_name" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "users" SET "last_name" = coalesce(nullif(btrim(regexp_replace("last_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), ' ')
  WHERE "last_name" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "ride_requests" SET "place_name" = btrim(regexp_replace("place_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g'))
  WHERE "place_name" ~ '[\u202A-\u202E\u2066-\u2069]'
    AND btrim(regexp_replace("place_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')) <> '';--> statement-breakpoint
UPDATE "notifications" SET
    "title" = regexp_replace("title", '[\u202A-\u202E\u2066-\u2069]', '', 'g'),
    "body" = regexp_replace("body", '[\u202A-\u202E\u2066-\u2069]', '', 'g')
  WHERE "title" ~ '[\u202A-\u202E\u2066-\u2069]' OR "body" ~ '[\u202A-\u202E\u2066-\u2069]';
