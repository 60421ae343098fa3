-- Matchday Live (issue 15): each manager's picks of the gameweek in play, fetched once after the
-- deadline through the queue (docs/decisions/102).
CREATE TABLE `live_sheets` (
	`gameweek` integer NOT NULL,
	`fpl_team_id` integer NOT NULL,
	`sheet` text,
	`previous_total` integer,
	`queued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`fetched_at` integer,
	PRIMARY KEY(`gameweek`, `fpl_team_id`)
);
