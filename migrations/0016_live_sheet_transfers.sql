-- The league's gameweek at a glance reads each manager's transfers of the gameweek with their
-- points gain (decision 187): FPL's `entry/{id}/transfers/` rows of the gameweek, fetched with his
-- picks, kept as JSON [{element_in, element_out}]. Null when they are not known (a failed fetch,
-- or a row fetched before this column).
ALTER TABLE `live_sheets` ADD `transfers` text;
