CREATE TABLE `company_branding` (
	`company_id` text PRIMARY KEY NOT NULL,
	`brand_name` text,
	`accent_colour` text NOT NULL,
	`logo_content_type` text,
	`logo_bytes` blob,
	`logo_width` integer,
	`logo_height` integer,
	`logo_updated_at` integer,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
