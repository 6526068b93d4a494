-- After every statement that writes what the public site shows, tell every listening process (server/db/changes.ts),
-- at commit and only if it commits: their kept answers of the public reads are then dropped.
CREATE OR REPLACE FUNCTION "tec_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tec_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "courses_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "tec_content_changed"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "tec_content_changed"();--> statement-breakpoint
CREATE TRIGGER "gallery_items_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_items" FOR EACH STATEMENT EXECUTE FUNCTION "tec_content_changed"();--> statement-breakpoint
CREATE TRIGGER "media_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION "tec_content_changed"();--> statement-breakpoint
CREATE TRIGGER "site_settings_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "tec_content_changed"();--> statement-breakpoint
CREATE TRIGGER "site_pages_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_pages" FOR EACH STATEMENT EXECUTE FUNCTION "tec_content_changed"();
