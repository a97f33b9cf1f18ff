ALTER TABLE "ride_requests" ADD COLUMN "women_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;