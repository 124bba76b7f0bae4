-- Stored entries in their compact form (decision 093, stored-entries.ts): an entry whose factor row
-- has its dataset and unit keeps [factorId, kg, quantity(, flags(, scope(, category)))]; the
-- scope and category only when they are not the factor's. Entries of the market-based ids, of an
-- id `emission_factors` lacks, or not in the full form, stay exactly as they are: nothing is lost,
-- and the reader takes both forms. Numbers are copied as their JSON text (`->`), digit for digit.
UPDATE `activity_lines` SET `entries` = (
	SELECT json_group_array(json(`entry`)) FROM (
		SELECT CASE
			WHEN json_array_length(e.value) <> 8 OR f.id IS NULL OR f.id LIKE 'market:%'
				OR f.dataset IS NOT e.value->>4 OR f.unit IS NOT e.value->>6 THEN json(e.value)
			WHEN f.scope3_category IS NOT e.value->>1
				THEN json_array(e.value->>3, e.value->2, e.value->5, e.value->7, e.value->>0, e.value->1)
			WHEN f.scope IS NOT e.value->>0
				THEN json_array(e.value->>3, e.value->2, e.value->5, e.value->7, e.value->>0)
			WHEN json_array_length(e.value->7) > 0 THEN json_array(e.value->>3, e.value->2, e.value->5, e.value->7)
			ELSE json_array(e.value->>3, e.value->2, e.value->5)
		END AS `entry`
		FROM json_each(`activity_lines`.`entries`) AS e
		LEFT JOIN `emission_factors` AS f ON f.id = e.value->>3
		ORDER BY e.key
	)
)
WHERE `entries` <> '[]';
