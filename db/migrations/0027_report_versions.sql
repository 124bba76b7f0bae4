ALTER TABLE `reports` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Reports made before versions are numbered in the order they were requested (decision 059).
UPDATE `reports` SET `version` = (SELECT count(*) FROM `reports` AS `earlier` WHERE `earlier`.`company_id` = `reports`.`company_id` AND `earlier`.`framework` = `reports`.`framework` AND `earlier`.`period` = `reports`.`period` AND (`earlier`.`created_at` < `reports`.`created_at` OR (`earlier`.`created_at` = `reports`.`created_at` AND `earlier`.`rowid` <= `reports`.`rowid`)));--> statement-breakpoint
CREATE UNIQUE INDEX `reports_company_version_idx` ON `reports` (`company_id`,`framework`,`period`,`version`);
