-- Ledger lines keyed by INTEGER PRIMARY KEY (decision 092): the row is keyed by its rowid, so the
-- text UUID and its automatic index go. Every line is copied in the order it was written (its old
-- rowid), takes the next integer id, and keeps its UUID in `legacy_id`, which old links and audit
-- rows still resolve; AUTOINCREMENT records the highest id so a deleted line's id is never reused.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_activity_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`legacy_id` text,
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
INSERT INTO `__new_activity_lines`("legacy_id", "company_key", "site_key", "date", "period_end", "category", "variant", "quantity", "unit", "spend", "currency", "calorific_basis", "supplier_kg_co2e_per_kwh", "instrument", "radiative_forcing", "source", "data_source_id", "import_key", "evidence_url", "reference", "data_quality", "fingerprint", "created_by", "created_at", "updated_at", "kg_scope_1", "kg_scope_2_location", "kg_scope_2_market", "kg_scope_3", "kg_outside_scopes", "kg_scope_3_cat_1", "kg_scope_3_cat_2", "kg_scope_3_cat_3", "kg_scope_3_cat_4", "kg_scope_3_cat_5", "kg_scope_3_cat_6", "kg_scope_3_cat_7", "kg_scope_3_cat_8", "kg_scope_3_cat_9", "kg_scope_3_cat_10", "kg_scope_3_cat_11", "kg_scope_3_cat_12", "kg_scope_3_cat_13", "kg_scope_3_cat_14", "kg_scope_3_cat_15", "datasets", "entries", "calculated_at") SELECT "id", "company_key", "site_key", "date", "period_end", "category", "variant", "quantity", "unit", "spend", "currency", "calorific_basis", "supplier_kg_co2e_per_kwh", "instrument", "radiative_forcing", "source", "data_source_id", "import_key", "evidence_url", "reference", "data_quality", "fingerprint", "created_by", "created_at", "updated_at", "kg_scope_1", "kg_scope_2_location", "kg_scope_2_market", "kg_scope_3", "kg_outside_scopes", "kg_scope_3_cat_1", "kg_scope_3_cat_2", "kg_scope_3_cat_3", "kg_scope_3_cat_4", "kg_scope_3_cat_5", "kg_scope_3_cat_6", "kg_scope_3_cat_7", "kg_scope_3_cat_8", "kg_scope_3_cat_9", "kg_scope_3_cat_10", "kg_scope_3_cat_11", "kg_scope_3_cat_12", "kg_scope_3_cat_13", "kg_scope_3_cat_14", "kg_scope_3_cat_15", "datasets", "entries", "calculated_at" FROM `activity_lines` ORDER BY rowid;--> statement-breakpoint
DROP TABLE `activity_lines`;--> statement-breakpoint
ALTER TABLE `__new_activity_lines` RENAME TO `activity_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_lines_company_date_fingerprint_unique` ON `activity_lines` (`company_key`,`date`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `activity_lines_company_date_idx` ON `activity_lines` (`company_key`,`date`,`datasets`,`category`,`unit`,`instrument`,`quantity`,`kg_scope_1`,`kg_scope_2_location`,`kg_scope_2_market`,`kg_scope_3`,`kg_outside_scopes`,`kg_scope_3_cat_1`,`kg_scope_3_cat_2`,`kg_scope_3_cat_3`,`kg_scope_3_cat_4`,`kg_scope_3_cat_5`,`kg_scope_3_cat_6`,`kg_scope_3_cat_7`,`kg_scope_3_cat_8`,`kg_scope_3_cat_9`,`kg_scope_3_cat_10`,`kg_scope_3_cat_11`,`kg_scope_3_cat_12`,`kg_scope_3_cat_13`,`kg_scope_3_cat_14`,`kg_scope_3_cat_15`,`site_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `activity_lines_legacy_id_unique` ON `activity_lines` (`legacy_id`) WHERE "activity_lines"."legacy_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `activity_lines_import_idx` ON `activity_lines` (`import_key`);--> statement-breakpoint
CREATE INDEX `activity_lines_single_source_idx` ON `activity_lines` (`company_key`,`source`,`created_at`) WHERE "activity_lines"."import_key" IS NULL;--> statement-breakpoint
CREATE INDEX `activity_lines_energy_fix_idx` ON `activity_lines` (`company_key`,`date`) WHERE "activity_lines"."calorific_basis" = 'net' OR "activity_lines"."variant" = 'distillate_no2';