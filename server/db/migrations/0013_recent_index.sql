-- CREATIONS-19: the recency index in the order the list asks (DESC NULLS FIRST), so a page is read from it with its limit.
DROP INDEX "predictions_user_created_idx";--> statement-breakpoint
CREATE INDEX "predictions_user_recent_idx" ON "predictions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);