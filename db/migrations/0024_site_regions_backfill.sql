-- Hand-written backfill (decision 049): site regions typed loosely before regions were checked
-- become what site-regions.ts reads them as. Anything else is left as written; the site form
-- shows it as not recognised until someone chooses a region.
UPDATE `sites` SET `region` = 'US-' || upper(trim(`region`)) WHERE `country` = 'US' AND upper(trim(`region`)) IN ('AKGD', 'AKMS', 'AZNM', 'CAMX', 'ERCT', 'FRCC', 'HIMS', 'HIOA', 'MROE', 'MROW', 'NEWE', 'NWPP', 'NYCW', 'NYLI', 'NYUP', 'PRMS', 'RFCE', 'RFCM', 'RFCW', 'RMPA', 'SPNO', 'SPSO', 'SRMV', 'SRMW', 'SRSO', 'SRTV', 'SRVC');
--> statement-breakpoint
UPDATE `sites` SET `region` = upper(trim(`region`)) WHERE `country` = 'US' AND upper(trim(`region`)) IN ('US-AKGD', 'US-AKMS', 'US-AZNM', 'US-CAMX', 'US-ERCT', 'US-FRCC', 'US-HIMS', 'US-HIOA', 'US-MROE', 'US-MROW', 'US-NEWE', 'US-NWPP', 'US-NYCW', 'US-NYLI', 'US-NYUP', 'US-PRMS', 'US-RFCE', 'US-RFCM', 'US-RFCW', 'US-RMPA', 'US-SPNO', 'US-SPSO', 'US-SRMV', 'US-SRMW', 'US-SRSO', 'US-SRTV', 'US-SRVC');
--> statement-breakpoint
UPDATE `sites` SET `region` = NULL WHERE `country` = 'US' AND lower(trim(`region`)) IN ('', 'us', 'usa', 'united states');
--> statement-breakpoint
UPDATE `sites` SET `region` = NULL WHERE `country` = 'GB' AND lower(trim(`region`)) IN ('', 'gb', 'uk', 'united kingdom', 'great britain', 'britain', 'england', 'eng', 'scotland', 'sct', 'wales', 'wls', 'cymru', 'northern ireland', 'nir', 'gb-eng', 'gb-sct', 'gb-wls', 'gb-nir', 'uk-eng');
--> statement-breakpoint
UPDATE `sites` SET `region` = 'GB-LONDON' WHERE `country` = 'GB' AND lower(trim(`region`)) IN ('london', 'gb-london', 'uk-london', 'uk (london)');
