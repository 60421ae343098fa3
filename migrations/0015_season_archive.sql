-- The season archive (issue 30, decision 186). tournament_snapshots gains the season in its key: a
-- tournament that carries on into the next season writes its new GW1 beside last season's, and the
-- newest snapshot is the highest (season, gameweek). Existing rows take the season of their
-- private league, else the season the app last saw on FPL, else the one their date falls in
-- (FPL seasons turn over in July).
CREATE TABLE `season_archives` (
	`tournament_id` integer NOT NULL,
	`season` text NOT NULL,
	`gameweeks` integer NOT NULL,
	`last_gameweek` integer,
	`editions` integer NOT NULL,
	`snapshots` integer NOT NULL,
	`bytes` integer NOT NULL,
	`archived_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`tournament_id`, `season`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `__new_tournament_snapshots` (
	`tournament_id` integer NOT NULL,
	`season` text NOT NULL,
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
	`race` text,
	`hall_of_fame` text,
	PRIMARY KEY(`tournament_id`, `season`, `gameweek`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_tournament_snapshots`("tournament_id", "season", "gameweek", "gameweek_status", "data_version", "revision", "standings_meta", "monthly_winners", "banter_stats", "public_candidates", "data_source", "refreshed_at", "race", "hall_of_fame")
SELECT s."tournament_id",
	coalesce(
		(SELECT t."fpl_season" FROM `tournaments` t WHERE t."id" = s."tournament_id"),
		(SELECT json_extract(a."data", '$.season') FROM `app_snapshots` a WHERE a."key" = 'fpl:season'),
		CASE WHEN cast(strftime('%m', s."refreshed_at" / 1000, 'unixepoch') AS integer) >= 7
			THEN strftime('%Y', s."refreshed_at" / 1000, 'unixepoch') || '/' || substr(cast(strftime('%Y', s."refreshed_at" / 1000, 'unixepoch') AS integer) + 1, 3, 2)
			ELSE (cast(strftime('%Y', s."refreshed_at" / 1000, 'unixepoch') AS integer) - 1) || '/' || substr(strftime('%Y', s."refreshed_at" / 1000, 'unixepoch'), 3, 2)
		END),
	s."gameweek", s."gameweek_status", s."data_version", s."revision", s."standings_meta", s."monthly_winners", s."banter_stats", s."public_candidates", s."data_source", s."refreshed_at", s."race", s."hall_of_fame"
FROM `tournament_snapshots` s;
--> statement-breakpoint
DROP TABLE `tournament_snapshots`;--> statement-breakpoint
ALTER TABLE `__new_tournament_snapshots` RENAME TO `tournament_snapshots`;
