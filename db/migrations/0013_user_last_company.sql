-- drizzle-kit 0.31 writes this ADD COLUMN without the referential actions of the schema
-- (drizzle-team/drizzle-orm#5619), which would make a company's deletion fail while any user still
-- names it; the clause below is the snapshot's onDelete 'set null', added by hand (decision 034).
ALTER TABLE `users` ADD `last_company_id` text REFERENCES companies(id) ON UPDATE no action ON DELETE set null;
