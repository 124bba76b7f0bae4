-- Decision 094: a line's fingerprint keeps the first 128 bits of its SHA-256 (what lineDigest now
-- computes, so a re-imported line still matches), and the covering index takes an import's lines
-- at the end of each group. The index goes first so the UPDATE does not rewrite it line by line.
DROP INDEX `activity_lines_company_date_idx`;--> statement-breakpoint
UPDATE `activity_lines` SET `fingerprint` = substr(`fingerprint`, 1, 16) WHERE length(`fingerprint`) > 16;--> statement-breakpoint
CREATE INDEX `activity_lines_company_date_idx` ON `activity_lines` (`company_key`,`date`,`datasets`,`category`,`unit`,`instrument`,`import_key`,`quantity`,`kg_scope_1`,`kg_scope_2_location`,`kg_scope_2_market`,`kg_scope_3`,`kg_outside_scopes`,`kg_scope_3_cat_1`,`kg_scope_3_cat_2`,`kg_scope_3_cat_3`,`kg_scope_3_cat_4`,`kg_scope_3_cat_5`,`kg_scope_3_cat_6`,`kg_scope_3_cat_7`,`kg_scope_3_cat_8`,`kg_scope_3_cat_9`,`kg_scope_3_cat_10`,`kg_scope_3_cat_11`,`kg_scope_3_cat_12`,`kg_scope_3_cat_13`,`kg_scope_3_cat_14`,`kg_scope_3_cat_15`,`site_key`);
