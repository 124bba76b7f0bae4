CREATE TABLE `offset_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text,
	`project_id` text NOT NULL,
	`project_name` text NOT NULL,
	`registry` text NOT NULL,
	`registry_project_id` text NOT NULL,
	`vintage_year` integer NOT NULL,
	`quantity` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`serial_from` integer NOT NULL,
	`serial_to` integer NOT NULL,
	`claim_year` integer NOT NULL,
	`invoice_reference` text NOT NULL,
	`status` text DEFAULT 'ordered' NOT NULL,
	`company_name` text NOT NULL,
	`purchased_by_name` text,
	`illustrative` integer NOT NULL,
	`source` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `offset_projects`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "offset_orders_quantity_positive" CHECK("offset_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `offset_orders_company_created_idx` ON `offset_orders` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offset_orders_project_status_idx` ON `offset_orders` (`project_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `offset_orders_project_serial_unique` ON `offset_orders` (`project_id`,`serial_from`);--> statement-breakpoint
CREATE UNIQUE INDEX `offset_orders_invoice_unique` ON `offset_orders` (`invoice_reference`);--> statement-breakpoint
CREATE TABLE `offset_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`location` text NOT NULL,
	`project_type` text NOT NULL,
	`vintage_year` integer NOT NULL,
	`verification_standard` text NOT NULL,
	`registry` text NOT NULL,
	`registry_project_id` text NOT NULL,
	`methodology` text NOT NULL,
	`climate_effect` text NOT NULL,
	`permanence_notes` text NOT NULL,
	`cobenefits` text NOT NULL,
	`image_url` text,
	`certification_url` text,
	`illustrative` integer DEFAULT true NOT NULL,
	`available_credits` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`next_serial` integer DEFAULT 1 NOT NULL,
	`last_order_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "offset_projects_stock_not_negative" CHECK("offset_projects"."available_credits" >= 0),
	CONSTRAINT "offset_projects_price_not_negative" CHECK("offset_projects"."price_cents" >= 0)
);
