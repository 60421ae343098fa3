-- The wall's moderation (issue 14, item 12): who pinned a post and when, and reports the
-- commissioner dismissed (they leave the queue; the post stays).
ALTER TABLE `community_posts` ADD `pinned_at` integer;
--> statement-breakpoint
ALTER TABLE `community_posts` ADD `pinned_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE `post_reports` ADD `dismissed_at` integer;
--> statement-breakpoint
ALTER TABLE `post_reports` ADD `dismissed_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL;
