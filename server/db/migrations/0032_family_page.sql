CREATE TABLE "family_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "family_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "family_mail_settings" (
	"email" text PRIMARY KEY NOT NULL,
	"reports_stopped_at" timestamp with time zone,
	"reminders_stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "family_links_email_idx" ON "family_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "family_links_expires_idx" ON "family_links" USING btree ("expires_at");--> statement-breakpoint
UPDATE "lesson_reports" SET "shared_at" = "approved_at" WHERE "approved_at" IS NOT NULL AND "held_back_at" IS NULL;
