-- Sessions (issue 13, item 5): one row per signed-in device, created when its token is signed.
-- The session check requires the row (and a recent last_seen_at: the idle timeout), so logout
-- deletes one row, "Sign out everywhere" deletes them all, and the revocation list goes.
-- Tokens issued before this migration have no row: their holders sign in once more.
DROP TABLE IF EXISTS `revoked_tokens`;
--> statement-breakpoint
CREATE TABLE `sessions` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `sessions_last_seen_idx` ON `sessions` (`last_seen_at`);
--> statement-breakpoint
-- Failed sign-ins slow down per account and address: a key waits until blocked_until (ms).
ALTER TABLE `rate_limits` ADD `blocked_until` integer;
