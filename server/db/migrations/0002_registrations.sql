CREATE TABLE "registration_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"from_status" text,
	"to_status" text,
	"note" text,
	"reason" text,
	"notified" boolean,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_events_kind_check" CHECK ("registration_events"."kind" in ('submitted', 'status', 'accepted', 'note'))
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"answers" jsonb NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"summary" text NOT NULL,
	"duplicate_key" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"student_id" uuid,
	"school_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "registrations_type_check" CHECK ("registrations"."type" in ('subject', 'course', 'school', 'tutor')),
	CONSTRAINT "registrations_status_check" CHECK ("registrations"."status" in ('new', 'in_review', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_role" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"safeguarding_lead_name" text NOT NULL,
	"safeguarding_lead_email" text NOT NULL,
	"safeguarding_lead_phone" text,
	"pupil_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"age" integer,
	"year_group" text,
	"school" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"subjects" text[] NOT NULL,
	"course_id" uuid,
	"delivery_mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_delivery_mode_check" CHECK ("students"."delivery_mode" in ('home', 'school', 'online', 'community'))
);
--> statement-breakpoint
ALTER TABLE "registration_events" ADD CONSTRAINT "registration_events_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_events" ADD CONSTRAINT "registration_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_events_registration_idx" ON "registration_events" USING btree ("registration_id","at");--> statement-breakpoint
CREATE INDEX "registrations_created_at_idx" ON "registrations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registrations_type_status_idx" ON "registrations" USING btree ("type","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registrations_name_idx" ON "registrations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "registrations_email_idx" ON "registrations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "registrations_duplicate_idx" ON "registrations" USING btree ("duplicate_key","created_at");--> statement-breakpoint
CREATE INDEX "schools_created_at_idx" ON "schools" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("created_at" DESC NULLS LAST);