-- Every committed statement that changes rows of any table tells every listening process which table it was
-- (server/db/changes.ts), on one channel: the public reads' kept answers drop on a change to what the public site
-- shows, a process's kept sessions on a change to sessions or accounts, and the office's kept lists on any change.
-- A statement that changes no row tells nobody (transition tables, one event per trigger). Sessions are the
-- exception: using one (last_seen_at) or making one changes nothing anybody kept, so only ending one (revoked_at
-- set, or the row deleted) is told. tests/server/change-feed.test.ts checks that every table has its triggers.
DO $$
DECLARE
  t text;
  e text;
BEGIN
  FOREACH t IN ARRAY ARRAY['courses', 'blog_posts', 'gallery_items', 'media', 'site_settings', 'site_pages'] LOOP
    FOREACH e IN ARRAY ARRAY['inserted', 'updated', 'deleted', 'truncated'] LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_content_' || e, t);
    END LOOP;
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS "tec_content_changed"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "tec_content_truncated"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tec_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('tec_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tec_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tec_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'sessions' ORDER BY tablename LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed()', t || '_changes_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed()', t || '_changes_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed()', t || '_changes_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION tec_table_changed()', t || '_changes_truncated', t);
  END LOOP;
END
$$;--> statement-breakpoint
-- A column list and transition tables cannot go together: an UPDATE naming revoked_at tells, even of no row.
CREATE TRIGGER "sessions_changes_updated" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION tec_table_changed();--> statement-breakpoint
CREATE TRIGGER "sessions_changes_deleted" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tec_rows_changed();--> statement-breakpoint
CREATE TRIGGER "sessions_changes_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION tec_table_changed();
