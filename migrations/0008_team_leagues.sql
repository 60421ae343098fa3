-- Honest Join buttons (issue 14, item 10): the FPL classic leagues a user's team was in when we
-- last read its FPL entry, so the tournament list and detail can say where Join works without an
-- FPL call per row (docs/decisions/076). NULL until the entry is next read.
ALTER TABLE `users` ADD `fpl_league_ids` text;
