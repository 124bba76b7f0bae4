CREATE TABLE `activity_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`data_source_id` text,
	`file_name` text NOT NULL,
	`file_sha256` text NOT NULL,
	`row_count` integer NOT NULL,
	`imported_count` integer NOT NULL,
	`duplicate_count` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_imports_company_idx` ON `activity_imports` (`company_id`);--> statement-breakpoint
CREATE TABLE `activity_lines` (
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
	`fingerprint` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`import_id`) REFERENCES `activity_imports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activity_lines_company_fingerprint_unique` ON `activity_lines` (`company_id`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `activity_lines_company_date_idx` ON `activity_lines` (`company_id`,`date`);--> statement-breakpoint
CREATE INDEX `activity_lines_company_category_idx` ON `activity_lines` (`company_id`,`category`,`date`,`unit`,`instrument`,`quantity`);--> statement-breakpoint
CREATE INDEX `activity_lines_import_idx` ON `activity_lines` (`import_id`);--> statement-breakpoint
CREATE TABLE `company_financials` (
	`company_id` text NOT NULL,
	`year` integer NOT NULL,
	`revenue` real,
	`currency` text,
	`employees` real,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `year`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `data_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'connecting' NOT NULL,
	`last_sync_at` integer,
	`config` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_sources_company_idx` ON `data_sources` (`company_id`);--> statement-breakpoint
CREATE TABLE `emission_factors` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset` text NOT NULL,
	`dataset_year` integer NOT NULL,
	`region` text NOT NULL,
	`activity_key` text NOT NULL,
	`activity` text NOT NULL,
	`unit` text NOT NULL,
	`kg_co2e_per_unit` real NOT NULL,
	`co2` real,
	`ch4` real,
	`n2o` real,
	`gwp_basis` text NOT NULL,
	`scope` text NOT NULL,
	`scope3_category` integer,
	`ghg_category` text NOT NULL,
	`source` text NOT NULL,
	`source_url` text NOT NULL,
	`notes` text NOT NULL,
	`loaded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `emission_factors_activity_idx` ON `emission_factors` (`activity_key`,`region`,`dataset_year`);--> statement-breakpoint
CREATE TABLE `emission_results` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`activity_line_id` text NOT NULL,
	`site_id` text NOT NULL,
	`date` text NOT NULL,
	`category` text NOT NULL,
	`scope` text NOT NULL,
	`scope3_category` integer,
	`kg_co2e` real NOT NULL,
	`factor_id` text NOT NULL,
	`dataset` text NOT NULL,
	`activity_quantity` real NOT NULL,
	`activity_unit` text NOT NULL,
	`flags` text DEFAULT '[]' NOT NULL,
	`calculated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_line_id`) REFERENCES `activity_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`factor_id`) REFERENCES `emission_factors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `emission_results_company_date_idx` ON `emission_results` (`company_id`,`date`,`scope`,`scope3_category`,`dataset`,`kg_co2e`);--> statement-breakpoint
CREATE INDEX `emission_results_line_idx` ON `emission_results` (`activity_line_id`);--> statement-breakpoint
CREATE TABLE `recalculations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`lines_recalculated` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `reduction_targets` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`base_year` integer NOT NULL,
	`target_year` integer NOT NULL,
	`reduction_percent` real NOT NULL,
	`coverage` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`region` text,
	`postcode` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_company_name_unique` ON `sites` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `workforce_figures` (
	`company_id` text NOT NULL,
	`year` integer NOT NULL,
	`headcount_female` integer,
	`headcount_male` integer,
	`headcount_other` integer,
	`leadership_female` integer,
	`leadership_total` integer,
	`age_under30` integer,
	`age30_to50` integer,
	`age_over50` integer,
	`training_hours` real,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `year`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
