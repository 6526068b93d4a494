ALTER TABLE "lesson_reports" ADD COLUMN "held_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD COLUMN "held_back_by" uuid;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD COLUMN "held_back_reason" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_held_back_by_users_id_fk" FOREIGN KEY ("held_back_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_lesson_idx" ON "mail_outbox" USING btree ("lesson_id");