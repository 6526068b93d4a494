CREATE TABLE "record_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"kind" text NOT NULL,
	CONSTRAINT "record_openings_kind_check" CHECK ("record_openings"."kind" in ('opened', 'exported', 'downloaded'))
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"learner_years" integer DEFAULT 6 NOT NULL,
	"application_months" integer DEFAULT 12 NOT NULL,
	"message_months" integer DEFAULT 24 NOT NULL,
	"sent_mail_days" integer DEFAULT 365 NOT NULL,
	"sign_in_days" integer DEFAULT 90 NOT NULL,
	"sender_details_days" integer DEFAULT 30 NOT NULL,
	"opening_months" integer DEFAULT 24 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "retention_settings_single_row_check" CHECK ("retention_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "safeguarding_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "record_openings" ADD CONSTRAINT "record_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_openings_subject_idx" ON "record_openings" USING btree ("subject_type","subject_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "record_openings_at_idx" ON "record_openings" USING btree ("at");--> statement-breakpoint
CREATE INDEX "record_openings_user_idx" ON "record_openings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "retention_runs_started_at_idx" ON "retention_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_safeguarding_lead_check" CHECK (not "users"."safeguarding_lead" or "users"."role" = 'ADMIN');--> statement-breakpoint
-- Every admin active at the upgrade stays able to read the concerns they may be handling: the office then takes the
-- mark from those who are not designated leads or deputies (Settings → Staff). New admins are not leads.
UPDATE "users" SET "safeguarding_lead" = true WHERE "role" = 'ADMIN' AND "deactivated_at" IS NULL;--> statement-breakpoint
-- Learners who had already finished count their retention from their last change, the best date there is for it.
UPDATE "students" SET "finished_at" = "updated_at" WHERE "status" = 'finished';
--> statement-breakpoint
-- The privacy notice shows the retention periods, so a change to them must drop the public site's kept answers, as
-- site_settings does (CONTENT_TABLES in server/db/changes.ts).
CREATE TRIGGER "retention_settings_changes_inserted" AFTER INSERT ON "retention_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed();--> statement-breakpoint
CREATE TRIGGER "retention_settings_changes_updated" AFTER UPDATE ON "retention_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed();--> statement-breakpoint
CREATE TRIGGER "retention_settings_changes_deleted" AFTER DELETE ON "retention_settings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed();--> statement-breakpoint
CREATE TRIGGER "retention_settings_changes_truncated" AFTER TRUNCATE ON "retention_settings" FOR EACH STATEMENT EXECUTE FUNCTION tec_table_changed();
