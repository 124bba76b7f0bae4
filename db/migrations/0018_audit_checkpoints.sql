ALTER TABLE `audit_chain_heads` ADD `checkpoint_at` integer;--> statement-breakpoint
ALTER TABLE `audit_chain_heads` ADD `checkpoint_signature` text;--> statement-breakpoint
ALTER TABLE `audit_logs` ADD `content_version` integer DEFAULT 1 NOT NULL;