ALTER TABLE "predictions" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "lease_expires_at" timestamp with time zone;