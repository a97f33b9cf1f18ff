CREATE TABLE "cab_leavers" (
	"ride_request_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cab_leavers_ride_request_id_match_id_left_at_pk" PRIMARY KEY("ride_request_id","match_id","left_at")
);
--> statement-breakpoint
ALTER TABLE "cab_leavers" ADD CONSTRAINT "cab_leavers_ride_request_id_ride_requests_id_fk" FOREIGN KEY ("ride_request_id") REFERENCES "public"."ride_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cab_leavers" ADD CONSTRAINT "cab_leavers_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;