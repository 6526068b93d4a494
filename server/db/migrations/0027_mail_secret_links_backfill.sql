-- Migration 0023 gave mail already in the outbox the defaults (kind 'other', no secret link), so a reset or invitation
-- mail stored before it showed its live link on the Mail screen and was never purged. Every mailed link that sets a
-- password is PUBLIC_URL + '/reset-password?token=…' (server/auth/links.ts); an invitation's subject has always been
-- 'Welcome to TEC: choose your password' (and its link ends '&welcome=1' since 2026-11-24), and only an admin's
-- invitation says 'admin account'. Mail that already has a kind keeps it.
UPDATE "mail_outbox"
SET
	"carries_secret_link" = true,
	"kind" = CASE
		WHEN "kind" <> 'other' THEN "kind"
		WHEN ("subject" = 'Welcome to TEC: choose your password' OR "text" LIKE '%&welcome=1%') AND "text" LIKE '%admin account%' THEN 'staff_invitation'
		WHEN "subject" = 'Welcome to TEC: choose your password' OR "text" LIKE '%&welcome=1%' THEN 'tutor_invitation'
		ELSE 'password_reset'
	END
WHERE "carries_secret_link" = false AND ("text" LIKE '%/reset-password?token=%' OR "html" LIKE '%/reset-password?token=%');
