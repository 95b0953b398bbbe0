ALTER TABLE "predictions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "credits_after" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_user_idempotency_key_idx" ON "predictions" USING btree ("user_id","idempotency_key");