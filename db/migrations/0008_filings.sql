CREATE TABLE `regulatory_filing_packages` (
	`filing_id` text NOT NULL,
	`company_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`filing_id`, `seq`),
	FOREIGN KEY (`filing_id`) REFERENCES `regulatory_filings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `regulatory_filings` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`report_id` text NOT NULL,
	`report_title` text NOT NULL,
	`regulator_code` text NOT NULL,
	`filing_type` text NOT NULL,
	`jurisdiction` text NOT NULL,
	`filing_status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`confirmation_number` text NOT NULL,
	`sandbox` integer DEFAULT true NOT NULL,
	`package_file_name` text NOT NULL,
	`package_size` integer NOT NULL,
	`package_sha256` text NOT NULL,
	`submitted_at` integer,
	`decided_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `regulatory_filings_confirmation_unique` ON `regulatory_filings` (`confirmation_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `regulatory_filings_live_report_unique` ON `regulatory_filings` (`report_id`) WHERE filing_status in ('pending', 'submitted', 'accepted');--> statement-breakpoint
CREATE INDEX `regulatory_filings_company_created_idx` ON `regulatory_filings` (`company_id`,`created_at`);