ALTER TABLE "safeguarding_concerns" DROP CONSTRAINT "safeguarding_concerns_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" DROP CONSTRAINT "safeguarding_concerns_status_changed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;