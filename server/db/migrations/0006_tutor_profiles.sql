CREATE TABLE "safeguarding_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_id" uuid NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"on_update_service" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"phone" text,
	"postcode" text,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"modes" text[] DEFAULT '{}'::text[] NOT NULL,
	"travel_area" text,
	"max_travel_miles" integer,
	"availability_days" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability_times" text[] DEFAULT '{}'::text[] NOT NULL,
	"hours_per_week" integer,
	"highest_qualification" text,
	"qualified_teacher" boolean,
	"qualifications" text,
	"experience_years" integer,
	"experience" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_profiles_status_check" CHECK ("tutor_profiles"."status" in ('invited', 'active', 'paused', 'left'))
);
--> statement-breakpoint
ALTER TABLE "safeguarding_checks" ADD CONSTRAINT "safeguarding_checks_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_checks" ADD CONSTRAINT "safeguarding_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD CONSTRAINT "tutor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safeguarding_checks_tutor_idx" ON "safeguarding_checks" USING btree ("tutor_id","issued_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tutor_profiles_status_idx" ON "tutor_profiles" USING btree ("status");--> statement-breakpoint
-- Every tutor account gets its profile: what its accepted application said, and invited while its invitation
-- link is still unused (the password has not been chosen), else active.
INSERT INTO "tutor_profiles" ("user_id", "status", "phone", "postcode", "subjects", "levels", "modes", "travel_area", "max_travel_miles",
  "availability_days", "availability_times", "hours_per_week", "highest_qualification", "qualified_teacher", "qualifications",
  "experience_years", "experience", "created_at", "updated_at")
SELECT u."id",
  CASE WHEN EXISTS (SELECT 1 FROM "password_reset_tokens" t WHERE t."user_id" = u."id" AND t."purpose" = 'invite' AND t."used_at" IS NULL) THEN 'invited' ELSE 'active' END,
  r."answers"->'personal'->>'phone',
  upper(r."answers"->'personal'->>'postcode'),
  coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'teaching'->'subjects')), '{}'),
  coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'teaching'->'levels')), '{}'),
  coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'delivery'->'modes')), '{}'),
  r."answers"->'delivery'->>'travelArea',
  (r."answers"->'delivery'->>'maxTravelMiles')::integer,
  coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'availability'->'days')), '{}'),
  coalesce(ARRAY(SELECT jsonb_array_elements_text(r."answers"->'availability'->'times')), '{}'),
  (r."answers"->'availability'->>'hoursPerWeek')::integer,
  r."answers"->'teaching'->>'highestQualification',
  (r."answers"->'teaching'->>'qualifiedTeacher')::boolean,
  r."answers"->'teaching'->>'qualifications',
  (r."answers"->'teaching'->>'experienceYears')::integer,
  r."answers"->'teaching'->>'experience',
  u."created_at", u."updated_at"
FROM "users" u
LEFT JOIN "registrations" r ON r."user_id" = u."id" AND r."type" = 'tutor'
WHERE u."role" = 'TUTOR';
