-- Decision 035: a line's stored result moves onto the line (per-scope and per-category kg columns
-- for the roll-ups, the entries with their factors as JSON) and emission_results goes. The
-- figures are copied, never recalculated: stored results change only by an explicit
-- recalculation. `calculated_at` has DEFAULT 0 here only so ALTER TABLE can add a NOT NULL column
-- (the schema requires a value on every insert); lines without results take their updated_at.
ALTER TABLE `activity_lines` ADD `kg_scope_1` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_2_location` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_2_market` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_outside_scopes` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_1` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_2` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_3` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_4` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_5` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_6` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_7` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_8` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_9` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_10` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_11` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_12` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_13` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_14` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `kg_scope_3_cat_15` real;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `datasets` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `entries` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `activity_lines` ADD `calculated_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE activity_lines SET
  kg_scope_1 = r.s1,
  kg_scope_2_location = r.s2l,
  kg_scope_2_market = r.s2m,
  kg_scope_3 = r.s3,
  kg_outside_scopes = r.memo,
  kg_scope_3_cat_1 = r.c1,
  kg_scope_3_cat_2 = r.c2,
  kg_scope_3_cat_3 = r.c3,
  kg_scope_3_cat_4 = r.c4,
  kg_scope_3_cat_5 = r.c5,
  kg_scope_3_cat_6 = r.c6,
  kg_scope_3_cat_7 = r.c7,
  kg_scope_3_cat_8 = r.c8,
  kg_scope_3_cat_9 = r.c9,
  kg_scope_3_cat_10 = r.c10,
  kg_scope_3_cat_11 = r.c11,
  kg_scope_3_cat_12 = r.c12,
  kg_scope_3_cat_13 = r.c13,
  kg_scope_3_cat_14 = r.c14,
  kg_scope_3_cat_15 = r.c15,
  datasets = r.datasets,
  entries = r.entries,
  calculated_at = r.calculated_at
FROM (
  SELECT activity_line_id,
    sum(CASE WHEN scope = 'scope_1' THEN kg_co2e END) AS s1,
    sum(CASE WHEN scope = 'scope_2_location' THEN kg_co2e END) AS s2l,
    sum(CASE WHEN scope = 'scope_2_market' THEN kg_co2e END) AS s2m,
    sum(CASE WHEN scope = 'scope_3' THEN kg_co2e END) AS s3,
    sum(CASE WHEN scope = 'outside_scopes' THEN kg_co2e END) AS memo,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 1 THEN kg_co2e END) AS c1,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 2 THEN kg_co2e END) AS c2,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 3 THEN kg_co2e END) AS c3,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 4 THEN kg_co2e END) AS c4,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 5 THEN kg_co2e END) AS c5,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 6 THEN kg_co2e END) AS c6,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 7 THEN kg_co2e END) AS c7,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 8 THEN kg_co2e END) AS c8,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 9 THEN kg_co2e END) AS c9,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 10 THEN kg_co2e END) AS c10,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 11 THEN kg_co2e END) AS c11,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 12 THEN kg_co2e END) AS c12,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 13 THEN kg_co2e END) AS c13,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 14 THEN kg_co2e END) AS c14,
    sum(CASE WHEN scope = 'scope_3' AND scope3_category = 15 THEN kg_co2e END) AS c15,
    (SELECT json_group_array(dataset) FROM (SELECT DISTINCT d.dataset FROM emission_results d
      WHERE d.activity_line_id = e.activity_line_id ORDER BY d.dataset)) AS datasets,
    -- Each entry in ENTRY_FIELDS order (src/server/features/emissions/line-figures.ts).
    json_group_array(json_array(scope, scope3_category, kg_co2e, factor_id, dataset, activity_quantity,
      activity_unit, json(flags))
      ORDER BY CASE scope WHEN 'scope_1' THEN 0 WHEN 'scope_2_location' THEN 1 WHEN 'scope_2_market' THEN 2
        WHEN 'scope_3' THEN 3 ELSE 4 END, scope3_category, id) AS entries,
    max(calculated_at) AS calculated_at
  FROM emission_results e GROUP BY activity_line_id
) AS r
WHERE r.activity_line_id = activity_lines.id;
--> statement-breakpoint
UPDATE activity_lines SET calculated_at = updated_at WHERE calculated_at = 0;
--> statement-breakpoint
DROP TABLE `emission_results`;
--> statement-breakpoint
DROP INDEX `activity_lines_company_fingerprint_unique`;
--> statement-breakpoint
DROP INDEX `activity_lines_company_category_idx`;
--> statement-breakpoint
DROP INDEX `activity_lines_company_date_idx`;
--> statement-breakpoint
CREATE UNIQUE INDEX `activity_lines_company_date_fingerprint_unique` ON `activity_lines` (`company_id`,`date`,`fingerprint`);
--> statement-breakpoint
CREATE INDEX `activity_lines_company_date_idx` ON `activity_lines` (`company_id`,`date`,`datasets`,`category`,`unit`,`instrument`,`quantity`,`kg_scope_1`,`kg_scope_2_location`,`kg_scope_2_market`,`kg_scope_3`,`kg_outside_scopes`,`kg_scope_3_cat_1`,`kg_scope_3_cat_2`,`kg_scope_3_cat_3`,`kg_scope_3_cat_4`,`kg_scope_3_cat_5`,`kg_scope_3_cat_6`,`kg_scope_3_cat_7`,`kg_scope_3_cat_8`,`kg_scope_3_cat_9`,`kg_scope_3_cat_10`,`kg_scope_3_cat_11`,`kg_scope_3_cat_12`,`kg_scope_3_cat_13`,`kg_scope_3_cat_14`,`kg_scope_3_cat_15`);
