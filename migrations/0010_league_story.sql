-- The league's story (issue 16, decision 131): gameweek results and seasons kept for good, the
-- race and the Hall of Fame in each snapshot, the Gameweek Gazette, season lineage.
CREATE TABLE `gameweek_results` (
	`tournament_id` integer NOT NULL,
	`season` text NOT NULL,
	`gameweek` integer NOT NULL,
	`source` text NOT NULL,
	`rows` text NOT NULL,
	`stored_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`tournament_id`, `season`, `gameweek`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `gazette_editions` (
	`tournament_id` integer NOT NULL,
	`season` text NOT NULL,
	`gameweek` integer NOT NULL,
	`kind` text NOT NULL,
	`document` text NOT NULL,
	`published_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	`deleted_by` integer,
	PRIMARY KEY(`tournament_id`, `season`, `gameweek`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `gazette_editions_wall_idx` ON `gazette_editions` (`tournament_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `tournament_seasons` (
	`tournament_id` integer NOT NULL,
	`season` text NOT NULL,
	`source` text NOT NULL,
	`league_name` text DEFAULT '' NOT NULL,
	`managers` text NOT NULL,
	`past` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`tournament_id`, `season`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tournament_snapshots` ADD `race` text;--> statement-breakpoint
ALTER TABLE `tournament_snapshots` ADD `hall_of_fame` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `gazette_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `previous_fpl_league_id` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `previous_tournament_id` integer;