CREATE TABLE "term_calendar" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"terms" jsonb NOT NULL,
	"holidays" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "term_calendar_single_row_check" CHECK ("term_calendar"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "term_calendar" ADD CONSTRAINT "term_calendar_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;