CREATE TABLE `report_files` (
	`report_id` text NOT NULL,
	`company_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`report_id`, `seq`),
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`format` text DEFAULT 'pdf' NOT NULL,
	`framework` text NOT NULL,
	`period` text NOT NULL,
	`jurisdiction` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`generation` text DEFAULT 'queued' NOT NULL,
	`generation_error` text,
	`snapshot` text NOT NULL,
	`email_requested` integer DEFAULT false NOT NULL,
	`file_name` text,
	`content_type` text,
	`size` integer,
	`sha256` text,
	`email_delivery` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`finalized_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_company_created_idx` ON `reports` (`company_id`,`created_at`);