-- The database tells only of changes some process acts upon (TOLD_TABLES in server/db/changes.ts): what the public
-- site shows, sessions and accounts, and what the office's kept lists read. Every other table's triggers (0018 gave
-- every table of its day triggers, 0019 three more) go: a sign-in's throttle counter, audit line and trusted browser,
-- a mail, a job or a photo size being made changed nothing any process keeps, yet woke every process.
-- tests/server/kept-answers.test.ts checks that the tables with triggers are exactly that list.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT tg.tgname AS trigger_name, c.relname AS table_name
    FROM pg_trigger tg
    JOIN pg_class c ON c.oid = tg.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_proc p ON p.oid = tg.tgfoid
    WHERE n.nspname = 'public' AND NOT tg.tgisinternal AND p.proname IN ('tec_rows_changed', 'tec_table_changed')
      AND c.relname <> ALL (ARRAY['courses', 'blog_posts', 'gallery_items', 'media', 'site_settings', 'site_pages', 'sessions', 'users', 'tutor_profiles', 'registrations', 'students', 'schools'])
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r.trigger_name, r.table_name);
  END LOOP;
END
$$;
