-- One live link per user, of any kind: where a user holds several unused links (a reset beside an invitation),
-- only the newest stays, as if it had been issued under the new rule.
DELETE FROM "password_reset_tokens" AS older
USING "password_reset_tokens" AS newer
WHERE older."user_id" = newer."user_id"
  AND older."used_at" IS NULL AND newer."used_at" IS NULL
  AND (older."created_at", older."id") < (newer."created_at", newer."id");--> statement-breakpoint
DROP INDEX "password_reset_tokens_live_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_live_user_idx" ON "password_reset_tokens" USING btree ("user_id") WHERE "password_reset_tokens"."used_at" is null;
