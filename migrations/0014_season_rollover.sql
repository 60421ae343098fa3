-- The season rollover (issue 30, decision 185): when FPL relaunches, each account's team of the
-- season before moves to previous_fpl_team_id (FPL re-issues team ids, so the old id would be a
-- stranger's), and each private tournament of the season before lets go of its FPL league id
-- (ended_fpl_league_id keeps it) until its commissioner renews it with the new league.
ALTER TABLE `users` ADD `previous_fpl_team_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `previous_fpl_team_season` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `ended_fpl_league_id` integer;
