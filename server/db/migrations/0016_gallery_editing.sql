ALTER TABLE "gallery_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An image shows once in the gallery: should one have been put in twice, one place is kept, a shown one first.
DELETE FROM "gallery_items" WHERE "id" NOT IN (SELECT DISTINCT ON ("media_id") "id" FROM "gallery_items" ORDER BY "media_id", "published" DESC, "sort_order", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_items_media_idx" ON "gallery_items" USING btree ("media_id");--> statement-breakpoint
-- The alt text is the library's (0010 copied the gallery's into images that had none), so the gallery cannot disagree with it.
ALTER TABLE "gallery_items" DROP COLUMN "alt";
