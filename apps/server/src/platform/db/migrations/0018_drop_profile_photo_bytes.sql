-- Decision 014: profile photos live in storage. Any photo still in these columns was copied there
-- by moveProfilePhotosToStorage, which runs before the SQL migrations (app/migrate-database.ts).
ALTER TABLE "profile_photos" DROP COLUMN "image32";--> statement-breakpoint
ALTER TABLE "profile_photos" DROP COLUMN "image128";