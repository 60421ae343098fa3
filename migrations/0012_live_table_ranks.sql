-- The live table ranks as FPL (issue 26, docs/decisions/141): each stored row keeps the league total
-- before the stored gameweek and the transfers FPL's tie-break counts before it; a live sheet keeps the
-- gameweek's own transfers. The picks' overall total (`previous_total`) is no longer read: it is not
-- the league's scale when the league starts after gameweek 1.
ALTER TABLE `standings_rows` ADD `previous_total` integer;--> statement-breakpoint
ALTER TABLE `standings_rows` ADD `transfers` integer;--> statement-breakpoint
ALTER TABLE `live_sheets` ADD `event_transfers` integer;--> statement-breakpoint
ALTER TABLE `live_sheets` DROP COLUMN `previous_total`;
