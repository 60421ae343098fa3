-- The season archive looks for closed seasons on every cron run (decision 186): with these, a
-- range search of the seasons before the current one (empty all season long), not a scan of every row.
CREATE INDEX `gameweek_results_season_idx` ON `gameweek_results` (`season`,`tournament_id`);--> statement-breakpoint
CREATE INDEX `gazette_editions_season_idx` ON `gazette_editions` (`kind`,`season`,`tournament_id`);--> statement-breakpoint
CREATE INDEX `tournament_snapshots_season_idx` ON `tournament_snapshots` (`season`,`tournament_id`);