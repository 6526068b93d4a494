ALTER TABLE "blog_posts" DROP CONSTRAINT "blog_posts_status_check";--> statement-breakpoint
ALTER TABLE "blog_posts" DROP CONSTRAINT "blog_posts_published_at_check";--> statement-breakpoint
DROP INDEX "blog_posts_published_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "cover_media_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_posts_live_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS LAST) WHERE "blog_posts"."status" <> 'draft';--> statement-breakpoint
ALTER TABLE "blog_posts" DROP COLUMN "cover_alt";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" in ('draft', 'scheduled', 'published'));--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_published_at_check" CHECK ("blog_posts"."status" = 'draft' or ("blog_posts"."published_at" is not null and "blog_posts"."cover_media_id" is not null));--> statement-breakpoint
-- A post published with a date still to come was a scheduled post in all but name: it is one now.
UPDATE "blog_posts" SET "status" = 'scheduled' WHERE "status" = 'published' AND "published_at" > now();
