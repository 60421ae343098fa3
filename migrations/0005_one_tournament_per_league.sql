-- One tournament per FPL league (issue 13, item 16). The key was (fpl_league_id, fpl_season), so
-- a season misread from a bad FPL answer let a second member create a second tournament for the
-- same league. The key is now the FPL league id alone: whatever the season detection says, the
-- league has one tournament. (FPL re-issues league ids each season: the season rollover must
-- take last season's tournaments off their league ids before the new season's are created.)
--
-- A database may already hold duplicates. The oldest tournament of a league keeps it; each newer
-- one brings its active members over to the oldest, then lets go of the league (its
-- fpl_league_id becomes NULL): it stays, with its posts, as a tournament without an FPL league
-- that no one can create, join by league, or refresh again.
INSERT OR IGNORE INTO `memberships` (`tournament_id`, `user_id`, `status`, `joined_at`)
SELECT `oldest`.`id`, `m`.`user_id`, 'active', `m`.`joined_at`
FROM `memberships` AS `m`
JOIN `tournaments` AS `newer` ON `newer`.`id` = `m`.`tournament_id`
JOIN (SELECT `fpl_league_id`, min(`id`) AS `id` FROM `tournaments` WHERE `fpl_league_id` IS NOT NULL GROUP BY `fpl_league_id`) AS `oldest`
  ON `oldest`.`fpl_league_id` = `newer`.`fpl_league_id` AND `oldest`.`id` <> `newer`.`id`
WHERE `m`.`status` = 'active';--> statement-breakpoint
UPDATE `tournaments` SET `fpl_league_id` = NULL
WHERE `fpl_league_id` IS NOT NULL
  AND `id` > (SELECT min(`first`.`id`) FROM `tournaments` AS `first` WHERE `first`.`fpl_league_id` = `tournaments`.`fpl_league_id`);--> statement-breakpoint
DROP INDEX IF EXISTS `tournaments_fpl_league_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_fpl_league_unique` ON `tournaments` (`fpl_league_id`);
