CREATE TABLE `pending_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`company_name` text NOT NULL,
	`jurisdiction` text DEFAULT 'CSRD' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_email_unique` ON `pending_signups` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_token_unique` ON `pending_signups` (`token_hash`);