ALTER TABLE "media_variants" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_variants" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- Every size kept so far holds its bytes.
UPDATE "media_variants" SET "state" = 'made';--> statement-breakpoint
ALTER TABLE "media_variants" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_variants" ADD COLUMN "claim" uuid;--> statement-breakpoint
ALTER TABLE "media_variants" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "media_variants_unmade_idx" ON "media_variants" USING btree ("created_at") WHERE "media_variants"."state" <> 'made';--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_state_check" CHECK ("media_variants"."state" in ('pending', 'making', 'made'));--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_bytes_check" CHECK (("media_variants"."state" = 'made') = ("media_variants"."bytes" is not null));--> statement-breakpoint
-- Sizes kept under an older version were made from the current file (a new file has always removed them all; only
-- edits of the words raised the version), so the newest of each size moves to the current version.
DELETE FROM "media_variants" AS older USING "media_variants" AS newer
  WHERE older.media_id = newer.media_id AND older.width = newer.width AND older.format = newer.format AND older.version < newer.version;--> statement-breakpoint
UPDATE "media_variants" AS v SET "version" = m.version FROM "media" AS m WHERE v.media_id = m.id AND v.version <> m.version;--> statement-breakpoint
-- The sizes pages show of photos already stored are made by the worker, as for new uploads: the widths pages use
-- below the stored width and the stored width itself, as AVIF and WebP (server/media/sizes.ts, pageSizesOf, as of
-- this migration), except the stored file itself.
INSERT INTO "media_variants" ("media_id", "version", "width", "format")
SELECT DISTINCT m.id, m.version, w.width, f.format
FROM "media" AS m
CROSS JOIN (VALUES ('avif'), ('webp')) AS f(format)
CROSS JOIN LATERAL unnest(ARRAY[320, 640, 960, 1280, 1920, m.width]) AS w(width)
WHERE m.content_type <> 'image/svg+xml' AND w.width <= m.width AND NOT (w.width = m.width AND m.content_type = 'image/' || f.format)
ON CONFLICT DO NOTHING;
