CREATE TABLE "prompt_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tool_key" text NOT NULL,
	"prompt" text NOT NULL,
	"prompt_hash" text NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_styles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_history" ADD CONSTRAINT "prompt_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_styles" ADD CONSTRAINT "prompt_styles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_history_user_tool_hash_unique" ON "prompt_history" USING btree ("user_id","tool_key","prompt_hash");--> statement-breakpoint
CREATE INDEX "prompt_history_user_tool_used_idx" ON "prompt_history" USING btree ("user_id","tool_key","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_styles_user_name_unique" ON "prompt_styles" USING btree ("user_id","name");