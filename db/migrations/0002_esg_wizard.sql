CREATE TABLE `esg_answers` (
	`company_id` text NOT NULL,
	`jurisdiction` text NOT NULL,
	`indicator` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`origin` text DEFAULT 'initial' NOT NULL,
	`note` text,
	`updated_by` text,
	`updated_at` integer,
	PRIMARY KEY(`company_id`, `jurisdiction`, `indicator`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `esg_checklists` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`jurisdiction` text NOT NULL,
	`rule_pack_version` text NOT NULL,
	`include_comprehensive` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `esg_checklists_company_jurisdiction_unique` ON `esg_checklists` (`company_id`,`jurisdiction`);--> statement-breakpoint
CREATE TABLE `esg_evidence` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`jurisdiction` text NOT NULL,
	`indicator` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `esg_evidence_company_jurisdiction_idx` ON `esg_evidence` (`company_id`,`jurisdiction`,`created_at`);--> statement-breakpoint
CREATE TABLE `esg_evidence_chunks` (
	`evidence_id` text NOT NULL,
	`company_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`evidence_id`, `seq`),
	FOREIGN KEY (`evidence_id`) REFERENCES `esg_evidence`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
