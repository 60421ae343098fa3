-- Privacy of share cards (issue 13, item 15): the user a card names, when it names one of our
-- users other than the sharer. A card is shown only while the sharer and this user both keep
-- banter sharing on, so switching it off takes down the cards that name them at once.
ALTER TABLE `shared_achievements` ADD `subject_user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX `shared_achievements_subject_idx` ON `shared_achievements` (`subject_user_id`);
