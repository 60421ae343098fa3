-- Dead letters (issue 27, decision 150): each queue message that used up its retries, or could never be
-- processed (an unknown kind, a body that fails validation), kept for an operator to read and replay.
CREATE TABLE `dead_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`queue` text NOT NULL,
	`message_id` text,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`first_error` text,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`replayed_at` integer
);
--> statement-breakpoint
CREATE INDEX `dead_letters_received_idx` ON `dead_letters` (`received_at`);
