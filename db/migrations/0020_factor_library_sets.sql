-- Hand-written data fix (decision 047): factor rows seeded from the curated CSV named the GitHub
-- copy they were read from in source_url ("; read from repo …", "; values as quoted in …").
-- Reports cite the publisher only, so the carrier part is cut; ids, values and every other column
-- stay as stored (stored results keep naming the exact factor they were made with).
UPDATE `emission_factors` SET `source_url` = rtrim(substr(`source_url`, 1, instr(`source_url`, '; read from repo') - 1)) WHERE instr(`source_url`, '; read from repo') > 0;
--> statement-breakpoint
UPDATE `emission_factors` SET `source_url` = rtrim(substr(`source_url`, 1, instr(`source_url`, '; values as quoted in') - 1)) WHERE instr(`source_url`, '; values as quoted in') > 0;
