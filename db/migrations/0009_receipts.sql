CREATE TABLE `receipt_file_chunks` (
	`receipt_file_id` text NOT NULL,
	`company_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`receipt_file_id`, `seq`),
	FOREIGN KEY (`receipt_file_id`) REFERENCES `receipt_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `receipt_files` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`text_source` text NOT NULL,
	`extracted` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `receipt_files_company_created_idx` ON `receipt_files` (`company_id`,`created_at`);