// The downloadable import template: the canonical column names and one realistic example row per
// common kind of activity. Every example row validates (template.test.ts). Serve it as
// `text/csv; charset=utf-8` with `Content-Disposition: attachment; filename="activity-import-template.csv"`.
// CRLF line ends (RFC 4180; what Excel writes). ASCII only, so no BOM is needed.

import { IMPORT_FIELDS } from './headers.ts';

export const IMPORT_TEMPLATE_FILENAME = 'activity-import-template.csv';

const EXAMPLE_ROWS: readonly (readonly string[])[] = [
  // date, periodEnd, site, category, variant, quantity, unit, spend, currency, dataQuality, reference, calorificBasis
  [
    '2025-01-01',
    '2025-01-31',
    'London HQ',
    'electricity',
    '',
    '12450',
    'kWh',
    '',
    '',
    'measured',
    'MPAN 1200012345678',
    '',
  ],
  [
    '2025-01-01',
    '2025-01-31',
    'London HQ',
    'natural_gas',
    '',
    '8320.5',
    'kWh',
    '',
    '',
    'measured',
    'MPRN 7534211',
    'gross',
  ],
  [
    '2025-01-14',
    '',
    'Leeds Depot',
    'diesel',
    '',
    '640',
    'litre',
    '',
    '',
    'measured',
    'Fuel card INV-2025-0113',
    '',
  ],
  [
    '2025-02-03',
    '',
    'London HQ',
    'flight',
    'long_haul_economy',
    '11080',
    'passenger_km',
    '',
    '',
    'activity_average',
    'LHR-JFK return TRIP-0042',
    '',
  ],
  [
    '2025-02-03',
    '2025-02-06',
    'London HQ',
    'hotel',
    '',
    '3',
    'room_night',
    '',
    '',
    'activity_average',
    'TRIP-0042',
    '',
  ],
  [
    '2025-01-01',
    '2025-03-31',
    'Leeds Depot',
    'water',
    '',
    '186',
    'm3',
    '',
    '',
    'measured',
    'Water bill WB-55102',
    '',
  ],
  [
    '2025-01-31',
    '',
    'Leeds Depot',
    'waste',
    'food_landfill',
    '420',
    'kg',
    '',
    '',
    'supplier_specific',
    'Waste transfer note WTN-8812',
    '',
  ],
  [
    '2025-02-28',
    '',
    'London HQ',
    'purchased_goods',
    '541611',
    '',
    '',
    '4800.00',
    'GBP',
    'spend_based',
    'Consulting INV-88213',
    '',
  ],
];

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const IMPORT_TEMPLATE_CSV: string = `${[IMPORT_FIELDS, ...EXAMPLE_ROWS]
  .map((row) => row.map(csvCell).join(','))
  .join('\r\n')}\r\n`;
