CREATE TABLE `company_account_mappings` (
	`company_id` text NOT NULL,
	`account_key` text NOT NULL,
	`account_code` text,
	`account_name` text NOT NULL,
	`category` text NOT NULL,
	`variant` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `account_key`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
