ALTER TABLE "predictions" ADD COLUMN "remote_result" jsonb;--> statement-breakpoint
CREATE INDEX "predictions_remote_id_idx" ON "predictions" USING btree ("remote_id");