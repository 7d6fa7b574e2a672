ALTER TABLE "profile_photos" ALTER COLUMN "image32" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_photos" ALTER COLUMN "image128" DROP NOT NULL;