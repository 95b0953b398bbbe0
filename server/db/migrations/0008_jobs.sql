DROP TABLE "mail_queue" CASCADE;--> statement-breakpoint
ALTER TABLE "predictions" DROP COLUMN "owner";--> statement-breakpoint
ALTER TABLE "predictions" DROP COLUMN "lease_expires_at";--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "remote_id" text;
