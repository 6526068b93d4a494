ALTER TABLE "schools" ALTER COLUMN "pupil_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "contacts" jsonb;--> statement-breakpoint
-- The one contact each school had becomes the first (main) contact of its list.
UPDATE "schools" SET "contacts" = jsonb_build_array(jsonb_build_object('name', "contact_name", 'role', "contact_role", 'email', "contact_email", 'phone', "contact_phone"));--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "contacts" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "status" text DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "contact_relationship" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "preferred_contact" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "town" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "availability_days" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "availability_times" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "goals" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "needs" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "notes_for_tutors" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_school_id_idx" ON "students" USING btree ("school_id");--> statement-breakpoint
-- Students made from an accepted enrolment gain what its answers said about them; schools from accepted
-- school enrolments stay apart (a learner's school was typed, not chosen from the partners).
UPDATE "students" AS s SET
  "contact_relationship" = r."answers"->'contact'->>'relationship',
  "preferred_contact" = r."answers"->'contact'->>'preferredContact',
  "address_line1" = r."answers"->'address'->>'line1',
  "address_line2" = r."answers"->'address'->>'line2',
  "town" = r."answers"->'address'->>'town',
  "postcode" = upper(r."answers"->'address'->>'postcode'),
  "level" = r."answers"->>'level',
  "availability_days" = coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'availability'->'days')), '{}'),
  "availability_times" = coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'availability'->'times')), '{}'),
  "goals" = r."answers"->>'goals',
  "needs" = r."answers"->>'learningNeeds'
FROM "registrations" AS r
WHERE r."student_id" = s."id";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "contact_name";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "contact_role";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "contact_email";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "contact_phone";--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_status_check" CHECK ("students"."status" in ('waiting', 'active', 'paused', 'finished'));