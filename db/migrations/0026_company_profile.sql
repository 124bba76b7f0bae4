CREATE TABLE `company_profiles` (
	`company_id` text PRIMARY KEY NOT NULL,
	`lei` text,
	`company_number` text,
	`consolidation_approach` text,
	`organisational_boundary` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `company_financials` ADD `employees_basis` text;