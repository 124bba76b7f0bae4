CREATE TABLE `narrative_versions` (
	`narrative_id` text NOT NULL,
	`company_id` text NOT NULL,
	`version` integer NOT NULL,
	`content` text NOT NULL,
	`status` text NOT NULL,
	`ai_generated` integer NOT NULL,
	`saved_by` text,
	`saved_at` integer NOT NULL,
	PRIMARY KEY(`narrative_id`, `version`),
	FOREIGN KEY (`narrative_id`) REFERENCES `narratives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`saved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `narratives` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`section` text NOT NULL,
	`framework` text NOT NULL,
	`year` integer NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`ai_generated` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`confirmed_numbers` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `narratives_company_section_updated_idx` ON `narratives` (`company_id`,`section`,`updated_at`);