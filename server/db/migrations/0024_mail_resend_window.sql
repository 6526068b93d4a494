ALTER TABLE "mail_outbox" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Mail already in the outbox keeps the day of tries it started with.
UPDATE "mail_outbox" SET "queued_at" = "created_at";
