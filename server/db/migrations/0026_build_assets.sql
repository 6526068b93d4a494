CREATE TABLE "site_assets" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"base64" text NOT NULL,
	"build_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_builds" (
	"id" text PRIMARY KEY NOT NULL,
	"first_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_assets" ADD CONSTRAINT "site_assets_build_id_site_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."site_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_assets_build_idx" ON "site_assets" USING btree ("build_id");