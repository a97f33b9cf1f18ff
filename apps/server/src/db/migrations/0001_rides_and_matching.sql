CREATE TABLE "match_members" (
	"match_id" uuid NOT NULL,
	"ride_request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "match_members_match_id_ride_request_id_pk" PRIMARY KEY("match_id","ride_request_id")
);
--> statement-breakpoint
CREATE TABLE "match_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_request_id" uuid NOT NULL,
	"to_request_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"match_percentage" integer NOT NULL,
	"distance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rater_id" uuid NOT NULL,
	"rated_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_rating_range" CHECK ("ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ride_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rider_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"terminal" text NOT NULL,
	"place_name" text NOT NULL,
	"place_latitude" double precision NOT NULL,
	"place_longitude" double precision NOT NULL,
	"route_polyline" text NOT NULL,
	"road_metres" integer NOT NULL,
	"time_of_travel" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"current_match_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_ride_request_id_ride_requests_id_fk" FOREIGN KEY ("ride_request_id") REFERENCES "public"."ride_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_from_request_id_ride_requests_id_fk" FOREIGN KEY ("from_request_id") REFERENCES "public"."ride_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_to_request_id_ride_requests_id_fk" FOREIGN KEY ("to_request_id") REFERENCES "public"."ride_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_id_users_id_fk" FOREIGN KEY ("rated_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD CONSTRAINT "ride_requests_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD CONSTRAINT "ride_requests_current_match_id_matches_id_fk" FOREIGN KEY ("current_match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_members_user_idx" ON "match_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "match_members_request_idx" ON "match_members" USING btree ("ride_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_requests_pending_pair_idx" ON "match_requests" USING btree (least("from_request_id", "to_request_id"),greatest("from_request_id", "to_request_id")) WHERE "match_requests"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "match_requests_to_idx" ON "match_requests" USING btree ("to_request_id");--> statement-breakpoint
CREATE INDEX "match_requests_from_idx" ON "match_requests" USING btree ("from_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_rater_rated_match_idx" ON "ratings" USING btree ("rater_id","rated_id","match_id");--> statement-breakpoint
CREATE INDEX "ratings_rated_idx" ON "ratings" USING btree ("rated_id");--> statement-breakpoint
CREATE INDEX "ride_requests_active_direction_time_idx" ON "ride_requests" USING btree ("direction","time_of_travel") WHERE "ride_requests"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "ride_requests_rider_time_idx" ON "ride_requests" USING btree ("rider_id","time_of_travel");