CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`created_by` text,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_company_idx` ON `api_keys` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `plan_change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`requested_by` text,
	`from_plan` text NOT NULL,
	`to_plan` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plan_change_requests_company_idx` ON `plan_change_requests` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `team_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invites_token_unique` ON `team_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `team_invites_company_idx` ON `team_invites` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_photos` (
	`user_id` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text,
	`company_id` text,
	`user_id` text,
	`event_name` text NOT NULL,
	`event_data` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `analytics_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_events_company_idx` ON `analytics_events` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_name_idx` ON `analytics_events` (`company_id`,`event_name`,`created_at`);--> statement-breakpoint
CREATE TABLE `analytics_page_views` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`company_id` text,
	`user_id` text,
	`page` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `analytics_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_page_views_company_idx` ON `analytics_page_views` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `analytics_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text,
	`user_id` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`pseudonymised_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_sessions_company_idx` ON `analytics_sessions` (`company_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `analytics_sessions_started_idx` ON `analytics_sessions` (`started_at`);--> statement-breakpoint
CREATE TABLE `audit_chain_heads` (
	`company_id` text PRIMARY KEY NOT NULL,
	`anchor_seq` integer DEFAULT 0 NOT NULL,
	`anchor_hash` text NOT NULL,
	`sealed_seq` integer DEFAULT 0 NOT NULL,
	`sealed_hash` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connector_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`shop` text,
	`sealed_verifier` text,
	`source_name` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connector_site_mappings` (
	`data_source_id` text NOT NULL,
	`company_id` text NOT NULL,
	`tracking_key` text NOT NULL,
	`tracking_name` text NOT NULL,
	`site_id` text,
	`is_user_set` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`data_source_id`, `tracking_key`),
	FOREIGN KEY (`data_source_id`) REFERENCES `data_sources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `connector_site_mappings_company_idx` ON `connector_site_mappings` (`company_id`);--> statement-breakpoint
ALTER TABLE `audit_logs` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_logs` ADD `actor_ref` text;--> statement-breakpoint
ALTER TABLE `audit_logs` ADD `content_hash` text;--> statement-breakpoint
ALTER TABLE `audit_logs` ADD `chain_hash` text;--> statement-breakpoint
-- Existing entries get their place in the chain in write order, before the unique index exists;
-- their content hashes are computed when the chain is first sealed (src/server/features/audit).
UPDATE `audit_logs` SET `seq` = (SELECT COUNT(*) FROM `audit_logs` AS `earlier` WHERE `earlier`.`company_id` = `audit_logs`.`company_id` AND (`earlier`.`created_at` < `audit_logs`.`created_at` OR (`earlier`.`created_at` = `audit_logs`.`created_at` AND `earlier`.`rowid` <= `audit_logs`.`rowid`)));--> statement-breakpoint
CREATE UNIQUE INDEX `audit_logs_company_seq_unique` ON `audit_logs` (`company_id`,`seq`);--> statement-breakpoint
ALTER TABLE `companies` ADD `plan` text DEFAULT 'growth' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_at` integer;