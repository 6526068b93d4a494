-- After every statement that changes rows of what the public site shows, tell every listening process
-- (server/db/changes.ts), at commit and only if it commits: their kept answers of the public reads are dropped.
-- A statement that changes no row (an UPDATE matching nothing, such as an idle publishing round) tells nobody:
-- each event has its own trigger with the rows it changed (transition tables allow one event per trigger).
CREATE OR REPLACE FUNCTION "tec_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('tec_content', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tec_content_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tec_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['courses', 'blog_posts', 'gallery_items', 'media', 'site_settings', 'site_pages'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_content_changed()', t || '_content_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_content_changed()', t || '_content_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_content_changed()', t || '_content_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION tec_content_truncated()', t || '_content_truncated', t);
  END LOOP;
END
$$;
