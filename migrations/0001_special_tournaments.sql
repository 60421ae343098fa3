-- The two tournaments every installation has (spec: tournaments-and-leagues.md, section 9).
-- "{product} Tournament": public, auto-joined at verification, hidden from lists. Its name
-- follows PRODUCT_NAME; the default product is "Banter Arena".
INSERT INTO `tournaments` (`name`, `description`, `type`, `auto_join`, `is_public`)
SELECT 'Banter Arena Tournament', 'Compete with all Banter Arena users', 'public', 1, 1
WHERE NOT EXISTS (SELECT 1 FROM `tournaments` WHERE `type` = 'public' AND `auto_join` = 1);
--> statement-breakpoint
-- The pinned curated league: teams chosen by an admin, no joining, sorted first.
INSERT INTO `tournaments` (`name`, `description`, `type`, `auto_join`, `is_public`)
SELECT 'Real Footballers FPL League', 'Hand-picked real FPL players compete', 'curated_public', 0, 1
WHERE NOT EXISTS (SELECT 1 FROM `tournaments` WHERE `name` = 'Real Footballers FPL League');
