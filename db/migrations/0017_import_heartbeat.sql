ALTER TABLE `activity_imports` ADD `owner_instance` text;--> statement-breakpoint
ALTER TABLE `activity_imports` ADD `heartbeat_at` integer;