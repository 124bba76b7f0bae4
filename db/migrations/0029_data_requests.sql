CREATE TABLE `data_request_answer_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`request_id` text NOT NULL,
	`item_key` text NOT NULL,
	`action` text NOT NULL,
	`value` text,
	`unit` text,
	`edited_by` text,
	`edited_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `data_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`edited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_request_answer_edits_item_unique` ON `data_request_answer_edits` (`request_id`,`item_key`);--> statement-breakpoint
CREATE TABLE `data_request_share_accesses` (
	`id` text PRIMARY KEY NOT NULL,
	`share_id` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`share_id`) REFERENCES `data_request_shares`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_request_share_accesses_share_idx` ON `data_request_share_accesses` (`share_id`,`at`);--> statement-breakpoint
CREATE TABLE `data_request_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`request_id` text NOT NULL,
	`version` integer NOT NULL,
	`token_hash` text NOT NULL,
	`signed_pack` text NOT NULL,
	`snapshot` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`access_count` integer DEFAULT 0 NOT NULL,
	`last_accessed_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `data_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_request_shares_token_unique` ON `data_request_shares` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `data_request_shares_version_unique` ON `data_request_shares` (`request_id`,`version`);--> statement-breakpoint
CREATE TABLE `data_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`requester_name` text NOT NULL,
	`requester_type` text NOT NULL,
	`template` text NOT NULL,
	`period` text NOT NULL,
	`due_date` text,
	`questions` text DEFAULT '[]' NOT NULL,
	`declined_at` integer,
	`decline_message` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `data_requests_company_idx` ON `data_requests` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pack_signing_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`public_jwk` text NOT NULL,
	`sealed_private_jwk` text NOT NULL,
	`created_at` integer NOT NULL,
	`retired_at` integer
);
