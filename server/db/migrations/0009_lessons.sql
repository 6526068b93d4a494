CREATE TABLE "lesson_learners" (
	"lesson_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"placement_id" uuid NOT NULL,
	"attendance" text,
	CONSTRAINT "lesson_learners_lesson_id_student_id_pk" PRIMARY KEY("lesson_id","student_id"),
	CONSTRAINT "lesson_learners_attendance_check" CHECK ("lesson_learners"."attendance" in ('present', 'late', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "lesson_reports" (
	"lesson_id" uuid PRIMARY KEY NOT NULL,
	"covered" text,
	"progress" text,
	"homework" text,
	"staff_note" text,
	"first_submitted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"return_comment" text,
	"returned_at" timestamp with time zone,
	"returned_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"mode" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"place" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"series_id" uuid,
	"cancelled_by" text,
	"cancelled_late" boolean,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"missed_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_status_check" CHECK ("lessons"."status" in ('planned', 'awaiting_report', 'submitted', 'returned', 'resubmitted', 'approved', 'cancelled', 'missed')),
	CONSTRAINT "lessons_minutes_check" CHECK ("lessons"."minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "safeguarding_concerns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"student_id" uuid,
	"raised_by" uuid NOT NULL,
	"severity" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_note" text,
	"status_changed_by" uuid,
	"status_changed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safeguarding_concerns_severity_check" CHECK ("safeguarding_concerns"."severity" in ('low', 'medium', 'high')),
	CONSTRAINT "safeguarding_concerns_status_check" CHECK ("safeguarding_concerns"."status" in ('open', 'in_hand', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "lesson_learners" ADD CONSTRAINT "lesson_learners_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_learners" ADD CONSTRAINT "lesson_learners_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_learners" ADD CONSTRAINT "lesson_learners_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_learners_student_idx" ON "lesson_learners" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "lesson_learners_placement_idx" ON "lesson_learners" USING btree ("placement_id");--> statement-breakpoint
CREATE INDEX "lessons_tutor_starts_idx" ON "lessons" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_status_starts_idx" ON "lessons" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "safeguarding_concerns_status_idx" ON "safeguarding_concerns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "safeguarding_concerns_lesson_idx" ON "safeguarding_concerns" USING btree ("lesson_id");