CREATE TABLE `connector_account_mappings` (
	`data_source_id` text NOT NULL,
	`company_id` text NOT NULL,
	`account_key` text NOT NULL,
	`account_code` text NOT NULL,
	`account_name` text NOT NULL,
	`category` text NOT NULL,
	`variant` text,
	`is_user_set` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`data_source_id`, `account_key`),
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connector_connections` (
	`data_source_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sealed_credentials` text NOT NULL,
	`status_reason` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connector_syncs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`data_source_id` text NOT NULL,
	`status` text NOT NULL,
	`queued_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`fetched_count` integer DEFAULT 0 NOT NULL,
	`imported_count` integer DEFAULT 0 NOT NULL,
	`duplicate_count` integer DEFAULT 0 NOT NULL,
	`replaced_count` integer DEFAULT 0 NOT NULL,
	`removed_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`revenue` text,
	`error` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_syncs_source_idx` ON `connector_syncs` (`data_source_id`,`queued_at`);