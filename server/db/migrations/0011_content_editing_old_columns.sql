DROP INDEX "courses_listing_idx";--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "description_html" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "image_alt";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "published";