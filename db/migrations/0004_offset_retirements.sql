ALTER TABLE `offset_orders` ADD `retired_at` integer;--> statement-breakpoint
ALTER TABLE `offset_orders` ADD `retired_by` text REFERENCES users(id) ON DELETE set null;