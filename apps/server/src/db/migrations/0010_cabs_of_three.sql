DROP INDEX "ride_requests_active_cell_time_idx";--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "to_match_id" uuid;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD COLUMN "solo_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD COLUMN "bags" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_to_match_id_matches_id_fk" FOREIGN KEY ("to_match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_requests_pending_join_idx" ON "match_requests" USING btree ("from_request_id","to_match_id") WHERE "match_requests"."status" = 'Pending' and "match_requests"."to_match_id" is not null;--> statement-breakpoint
CREATE INDEX "match_requests_to_match_idx" ON "match_requests" USING btree ("to_match_id") WHERE "match_requests"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "ride_requests_open_cell_time_idx" ON "ride_requests" USING btree ("direction","grid_cell","time_of_travel") WHERE "ride_requests"."status" in ('Active', 'Matched');--> statement-breakpoint
ALTER TABLE "ride_requests" ADD CONSTRAINT "ride_requests_seats_range" CHECK ("ride_requests"."seats" between 1 and 2);--> statement-breakpoint
ALTER TABLE "ride_requests" ADD CONSTRAINT "ride_requests_bags_range" CHECK ("ride_requests"."bags" between 0 and 3);--> statement-breakpoint
-- Requests made before solo minutes were stored: about 30 km/h door to door until they are edited.
UPDATE "ride_requests" SET "solo_minutes" = round("road_metres" / 500.0) WHERE "solo_minutes" = 0;
