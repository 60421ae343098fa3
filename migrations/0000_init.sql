CREATE TABLE `app_snapshots` (
	`key` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `community_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`content` text NOT NULL,
	`image_url` text,
	`is_pinned` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_posts_wall_idx` ON `community_posts` (`tournament_id`,`is_pinned`,`created_at`);--> statement-breakpoint
CREATE TABLE `cron_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `curated_teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`fpl_team_id` integer NOT NULL,
	`team_name` text DEFAULT '' NOT NULL,
	`player_name` text DEFAULT '' NOT NULL,
	`added_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `curated_teams_tournament_team_unique` ON `curated_teams` (`tournament_id`,`fpl_team_id`);--> statement-breakpoint
CREATE TABLE `dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_outbox_created_idx` ON `dev_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_hash_unique` ON `email_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_tokens_user_purpose_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deactivated_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_tournament_user_unique` ON `memberships` (`tournament_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `memberships_user_status_idx` ON `memberships` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `memberships_tournament_status_idx` ON `memberships` (`tournament_id`,`status`);--> statement-breakpoint
CREATE TABLE `post_likes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `community_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_reports` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `community_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refresh_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` integer NOT NULL,
	`data_version` text NOT NULL,
	`pending` integer NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`plan` text NOT NULL,
	`error` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_jobs_version_unique` ON `refresh_jobs` (`tournament_id`,`data_version`);--> statement-breakpoint
CREATE TABLE `shared_achievements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`tournament_id` integer NOT NULL,
	`stat_type` text NOT NULL,
	`stat_data` text NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`click_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_achievements_user_idx` ON `shared_achievements` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `shared_achievements_reuse_unique` ON `shared_achievements` (`user_id`,`tournament_id`,`stat_type`);--> statement-breakpoint
CREATE TABLE `standings_rows` (
	`tournament_id` integer NOT NULL,
	`position` integer NOT NULL,
	`fpl_team_id` integer NOT NULL,
	`team_name` text NOT NULL,
	`player_name` text NOT NULL,
	`total_points` integer NOT NULL,
	`gameweek_points` integer NOT NULL,
	`rank` integer NOT NULL,
	`last_rank` integer,
	PRIMARY KEY(`tournament_id`, `position`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `standings_rows_team_idx` ON `standings_rows` (`tournament_id`,`fpl_team_id`);--> statement-breakpoint
CREATE TABLE `tournament_snapshots` (
	`tournament_id` integer NOT NULL,
	`gameweek` integer NOT NULL,
	`gameweek_status` text NOT NULL,
	`data_version` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`standings_meta` text NOT NULL,
	`monthly_winners` text NOT NULL,
	`banter_stats` text,
	`public_candidates` text,
	`data_source` text DEFAULT 'fpl_api' NOT NULL,
	`refreshed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`tournament_id`, `gameweek`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`auto_join` integer DEFAULT false NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`fpl_league_id` integer,
	`fpl_season` text,
	`start_event` integer DEFAULT 1 NOT NULL,
	`commissioner_id` integer,
	`invite_code` text,
	`entry_fee_pence` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`commissioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tournaments_fee_non_negative" CHECK("tournaments"."entry_fee_pence" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_fpl_league_unique` ON `tournaments` (`fpl_league_id`,`fpl_season`);--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_invite_code_unique` ON `tournaments` (`invite_code`);--> statement-breakpoint
CREATE INDEX `tournaments_type_idx` ON `tournaments` (`type`);--> statement-breakpoint
CREATE INDEX `tournaments_commissioner_idx` ON `tournaments` (`commissioner_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`verified_at` integer,
	`fpl_team_id` integer,
	`fpl_team_season` text,
	`fpl_team_id_locked` integer DEFAULT false NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`banter_sharing_enabled` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_email_normalised" CHECK("users"."email" = lower(trim("users"."email")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_fpl_team_idx` ON `users` (`fpl_team_id`);