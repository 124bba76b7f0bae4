-- The fingerprint as its 32 bytes instead of 64 hex digits (decision 081). Every line is copied;
-- a fingerprint that is not hex (none is written so; kept for safety) keeps its text as bytes.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_activity_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`site_id` text NOT NULL,
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
	`import_id` text,
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
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`import_id`) REFERENCES `activity_imports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_activity_lines`("id", "company_id", "site_id", "date", "period_end", "category", "variant", "quantity", "unit", "spend", "currency", "calorific_basis", "supplier_kg_co2e_per_kwh", "instrument", "radiative_forcing", "source", "data_source_id", "import_id", "evidence_url", "reference", "data_quality", "fingerprint", "created_by", "created_at", "updated_at", "kg_scope_1", "kg_scope_2_location", "kg_scope_2_market", "kg_scope_3", "kg_outside_scopes", "kg_scope_3_cat_1", "kg_scope_3_cat_2", "kg_scope_3_cat_3", "kg_scope_3_cat_4", "kg_scope_3_cat_5", "kg_scope_3_cat_6", "kg_scope_3_cat_7", "kg_scope_3_cat_8", "kg_scope_3_cat_9", "kg_scope_3_cat_10", "kg_scope_3_cat_11", "kg_scope_3_cat_12", "kg_scope_3_cat_13", "kg_scope_3_cat_14", "kg_scope_3_cat_15", "datasets", "entries", "calculated_at") SELECT "id", "company_id", "site_id", "date", "period_end", "category", "variant", "quantity", "unit", "spend", "currency", "calorific_basis", "supplier_kg_co2e_per_kwh", "instrument", "radiative_forcing", "source", "data_source_id", "import_id", "evidence_url", "reference", "data_quality", coalesce(unhex("fingerprint"), CAST("fingerprint" AS BLOB)), "created_by", "created_at", "updated_at", "kg_scope_1", "kg_scope_2_location", "kg_scope_2_market", "kg_scope_3", "kg_outside_scopes", "kg_scope_3_cat_1", "kg_scope_3_cat_2", "kg_scope_3_cat_3", "kg_scope_3_cat_4", "kg_scope_3_cat_5", "kg_scope_3_cat_6", "kg_scope_3_cat_7", "kg_scope_3_cat_8", "kg_scope_3_cat_9", "kg_scope_3_cat_10", "kg_scope_3_cat_11", "kg_scope_3_cat_12", "kg_scope_3_cat_13", "kg_scope_3_cat_14", "kg_scope_3_cat_15", "datasets", "entries", "calculated_at" FROM `activity_lines`;--> statement-breakpoint
DROP TABLE `activity_lines`;--> statement-breakpoint
ALTER TABLE `__new_activity_lines` RENAME TO `activity_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_lines_company_date_fingerprint_unique` ON `activity_lines` (`company_id`,`date`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `activity_lines_company_date_idx` ON `activity_lines` (`company_id`,`date`,`datasets`,`category`,`unit`,`instrument`,`quantity`,`kg_scope_1`,`kg_scope_2_location`,`kg_scope_2_market`,`kg_scope_3`,`kg_outside_scopes`,`kg_scope_3_cat_1`,`kg_scope_3_cat_2`,`kg_scope_3_cat_3`,`kg_scope_3_cat_4`,`kg_scope_3_cat_5`,`kg_scope_3_cat_6`,`kg_scope_3_cat_7`,`kg_scope_3_cat_8`,`kg_scope_3_cat_9`,`kg_scope_3_cat_10`,`kg_scope_3_cat_11`,`kg_scope_3_cat_12`,`kg_scope_3_cat_13`,`kg_scope_3_cat_14`,`kg_scope_3_cat_15`,`site_id`);--> statement-breakpoint
CREATE INDEX `activity_lines_import_idx` ON `activity_lines` (`import_id`);--> statement-breakpoint
CREATE INDEX `activity_lines_single_source_idx` ON `activity_lines` (`company_id`,`source`,`created_at`) WHERE "activity_lines"."import_id" IS NULL;--> statement-breakpoint
CREATE INDEX `activity_lines_energy_fix_idx` ON `activity_lines` (`company_id`,`date`) WHERE "activity_lines"."calorific_basis" = 'net' OR "activity_lines"."variant" = 'distillate_no2';