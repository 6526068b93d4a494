CREATE TABLE "media_variants" (
	"media_id" text NOT NULL,
	"version" integer NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_variants_media_id_version_width_format_pk" PRIMARY KEY("media_id","version","width","format"),
	CONSTRAINT "media_variants_format_check" CHECK ("media_variants"."format" in ('avif', 'webp', 'jpeg', 'png'))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "file_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_status_idx" ON "courses" USING btree ("status","featured","sort_order");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_status_check" CHECK ("courses"."status" in ('draft', 'published', 'archived'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_capacity_check" CHECK ("courses"."capacity" is null or "courses"."capacity" > 0);--> statement-breakpoint
-- Written by hand: the plain-text paragraphs become the rich-text description (escaped, one <p> each).
UPDATE "courses" SET "description_html" = coalesce((
	SELECT string_agg('<p>' || replace(replace(replace(paragraph, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n)
	FROM unnest("courses"."description") WITH ORDINALITY AS d(paragraph, n)
), '');--> statement-breakpoint
UPDATE "courses" SET "status" = CASE WHEN "published" THEN 'published' ELSE 'draft' END, "published_at" = CASE WHEN "published" THEN "updated_at" END;--> statement-breakpoint
-- Alt text moves to the library, where staff write it once per image; a caption starts as the alt text.
UPDATE "media" SET "alt" = g."alt", "caption" = g."caption" FROM "gallery_items" g WHERE g."media_id" = "media"."id" AND "media"."alt" = '';--> statement-breakpoint
UPDATE "media" SET "alt" = c."image_alt", "caption" = c."image_alt" FROM "courses" c WHERE c."image_media_id" = "media"."id" AND "media"."alt" = '';--> statement-breakpoint
UPDATE "media" SET "alt" = b."cover_alt", "caption" = b."cover_alt" FROM "blog_posts" b WHERE b."cover_media_id" = "media"."id" AND "media"."alt" = '';
