CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"course_id" uuid,
	"mode" text NOT NULL,
	"starts_on" date NOT NULL,
	"frequency" text NOT NULL,
	"lesson_count" integer,
	"lesson_minutes" integer,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_on" date,
	"end_reason" text,
	"moved_from_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_status_check" CHECK ("placements"."status" in ('active', 'ended', 'moved')),
	CONSTRAINT "placements_mode_check" CHECK ("placements"."mode" in ('home', 'school', 'online', 'community'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "related" text[];--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placements_student_idx" ON "placements" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "placements_tutor_idx" ON "placements" USING btree ("tutor_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "placements_one_current_per_subject" ON "placements" USING btree ("student_id",lower("subject")) WHERE "placements"."status" = 'active';--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_events_related_idx" ON "audit_events" USING gin ("related");