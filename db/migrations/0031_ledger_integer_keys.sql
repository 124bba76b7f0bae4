-- Integer company, site and import keys in the ledger (decision 088): companies, sites and
-- activity_imports get a `ledger_key` (backfilled with their rowid, unique at this moment; later rows
-- take max + 1 in their INSERT), and activity_lines holds those keys instead of the three UUIDs, in
-- its row and its indexes. Every line is copied; LEFT JOINs so that a line without its company or
-- site (none can exist with foreign keys on) fails the NOT NULL here instead of being left out.
ALTER TABLE `companies` ADD `ledger_key` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `companies` SET `ledger_key` = rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `companies_ledger_key_unique` ON `companies` (`ledger_key`);--> statement-breakpoint
ALTER TABLE `sites` ADD `ledger_key` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `sites` SET `ledger_key` = rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `sites_ledger_key_unique` ON `sites` (`ledger_key`);--> statement-breakpoint
ALTER TABLE `activity_imports` ADD `ledger_key` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `activity_imports` SET `ledger_key` = rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_imports_ledger_key_unique` ON `activity_imports` (`ledger_key`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_activity_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`company_key` integer NOT NULL,
	`site_key` integer NOT NULL,
	`date` text NOT NULL,
	`period_end` text,
	`category` text NOT NULL,
	`variant` text,
	`quantity` real,
	`unit` text,
	`spend` real,
	`currency` text,
	`calorific_basis` text,
	`supplier_kg_co2e_per_kwh` real,
	`instrument` text,
	`radiative_forcing` integer,
	`source` text NOT NULL,
	`data_source_id` text,
	`import_key` integer,
	`evidence_url` text,
	`reference` text,
	`data_quality` text NOT NULL,
	`fingerprint` blob NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`kg_scope_1` real,
	`kg_scope_2_location` real,
	`kg_scope_2_market` real,
	`kg_scope_3` real,
	`kg_outside_scopes` real,
	`kg_scope_3_cat_1` real,
	`kg_scope_3_cat_2` real,
	`kg_scope_3_cat_3` real,
	`kg_scope_3_cat_4` real,
	`kg_scope_3_cat_5` real,
	`kg_scope_3_cat_6` real,
	`kg_scope_3_cat_7` real,
	`kg_scope_3_cat_8` real,
	`kg_scope_3_cat_9` real,
	`kg_scope_3_cat_10` real,
	`kg_scope_3_cat_11` real,
	`kg_scope_3_cat_12` real,
	`kg_scope_3_cat_13` real,
	`kg_scope_3_cat_14` real,
	`kg_scope_3_cat_15` real,
	`datasets` text DEFAULT '[]' NOT NULL,
	`entries` text DEFAULT '[]' NOT NULL,
	`calculated_at` integer NOT NULL,
	FOREIGN KEY (`company_key`) REFERENCES `companies`(`ledger_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_key`) REFERENCES `sites`(`ledger_key`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`import_key`) REFERENCES `activity_imports`(`ledger_key`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_activity_lines`("id", "company_key", "site_key", "date", "period_end", "category", "variant", "quantity", "unit", "spend", "currency", "calorific_basis", "supplier_kg_co2e_per_kwh", "instrument", "radiative_forcing", "source", "data_source_id", "import_key", "evidence_url", "reference", "data_quality", "fingerprint", "created_by", "created_at", "updated_at", "kg_scope_1", "kg_scope_2_location", "kg_scope_2_market", "kg_scope_3", "kg_outside_scopes", "kg_scope_3_cat_1", "kg_scope_3_cat_2", "kg_scope_3_cat_3", "kg_scope_3_cat_4", "kg_scope_3_cat_5", "kg_scope_3_cat_6", "kg_scope_3_cat_7", "kg_scope_3_cat_8", "kg_scope_3_cat_9", "kg_scope_3_cat_10", "kg_scope_3_cat_11", "kg_scope_3_cat_12", "kg_scope_3_cat_13", "kg_scope_3_cat_14", "kg_scope_3_cat_15", "datasets", "entries", "calculated_at") SELECT l."id", c."ledger_key", s."ledger_key", l."date", l."period_end", l."category", l."variant", l."quantity", l."unit", l."spend", l."currency", l."calorific_basis", l."supplier_kg_co2e_per_kwh", l."instrument", l."radiative_forcing", l."source", l."data_source_id", i."ledger_key", l."evidence_url", l."reference", l."data_quality", l."fingerprint", l."created_by", l."created_at", l."updated_at", l."kg_scope_1", l."kg_scope_2_location", l."kg_scope_2_market", l."kg_scope_3", l."kg_outside_scopes", l."kg_scope_3_cat_1", l."kg_scope_3_cat_2", l."kg_scope_3_cat_3", l."kg_scope_3_cat_4", l."kg_scope_3_cat_5", l."kg_scope_3_cat_6", l."kg_scope_3_cat_7", l."kg_scope_3_cat_8", l."kg_scope_3_cat_9", l."kg_scope_3_cat_10", l."kg_scope_3_cat_11", l."kg_scope_3_cat_12", l."kg_scope_3_cat_13", l."kg_scope_3_cat_14", l."kg_scope_3_cat_15", l."datasets", l."entries", l."calculated_at" FROM `activity_lines` l LEFT JOIN `companies` c ON c."id" = l."company_id" LEFT JOIN `sites` s ON s."id" = l."site_id" LEFT JOIN `activity_imports` i ON i."id" = l."import_id";--> statement-breakpoint
DROP TABLE `activity_lines`;--> statement-breakpoint
ALTER TABLE `__new_activity_lines` RENAME TO `activity_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_lines_company_date_fingerprint_unique` ON `activity_lines` (`company_key`,`date`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `activity_lines_company_date_idx` ON `activity_lines` (`company_key`,`date`,`datasets`,`category`,`unit`,`instrument`,`quantity`,`kg_scope_1`,`kg_scope_2_location`,`kg_scope_2_market`,`kg_scope_3`,`kg_outside_scopes`,`kg_scope_3_cat_1`,`kg_scope_3_cat_2`,`kg_scope_3_cat_3`,`kg_scope_3_cat_4`,`kg_scope_3_cat_5`,`kg_scope_3_cat_6`,`kg_scope_3_cat_7`,`kg_scope_3_cat_8`,`kg_scope_3_cat_9`,`kg_scope_3_cat_10`,`kg_scope_3_cat_11`,`kg_scope_3_cat_12`,`kg_scope_3_cat_13`,`kg_scope_3_cat_14`,`kg_scope_3_cat_15`,`site_key`);--> statement-breakpoint
CREATE INDEX `activity_lines_import_idx` ON `activity_lines` (`import_key`);--> statement-breakpoint
CREATE INDEX `activity_lines_single_source_idx` ON `activity_lines` (`company_key`,`source`,`created_at`) WHERE "activity_lines"."import_key" IS NULL;--> statement-breakpoint
CREATE INDEX `activity_lines_energy_fix_idx` ON `activity_lines` (`company_key`,`date`) WHERE "activity_lines"."calorific_basis" = 'net' OR "activity_lines"."variant" = 'distillate_no2';
