-- Team ownership (issue 13, items 1 and 2). A team id typed in is only a claim until its owner
-- proves it by putting a one-time code in the FPL team name; `fpl_team_verified_at` records when.
-- `fpl_team_id_locked` now means "verified": nobody has proven anything yet, so no row is locked.
ALTER TABLE `users` ADD `fpl_team_verified_at` integer;--> statement-breakpoint
UPDATE `users` SET `fpl_team_id_locked` = 0;--> statement-breakpoint
-- One team, one account. Earlier checks raced, so a real database may hold duplicates: the
-- earliest account keeps the team, the others lose it (they can prove it is theirs later).
UPDATE `users` SET `fpl_team_id` = NULL, `fpl_team_season` = NULL
WHERE `fpl_team_id` IS NOT NULL
  AND `id` > (SELECT min(`first`.`id`) FROM `users` AS `first` WHERE `first`.`fpl_team_id` = `users`.`fpl_team_id`);--> statement-breakpoint
DROP INDEX IF EXISTS `users_fpl_team_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_fpl_team_unique` ON `users` (`fpl_team_id`);--> statement-breakpoint
CREATE TABLE `fpl_team_challenges` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`fpl_team_id` integer NOT NULL,
	`code` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
