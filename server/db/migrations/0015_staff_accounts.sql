ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
-- Tutors still to choose a password were invited: the staff list says so.
UPDATE "users" SET "invited_at" = "users"."created_at" FROM "tutor_profiles" WHERE "tutor_profiles"."user_id" = "users"."id" AND "tutor_profiles"."status" = 'invited';
