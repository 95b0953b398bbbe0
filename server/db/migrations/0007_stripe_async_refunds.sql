ALTER TABLE "checkout_sessions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_customer_id" text;