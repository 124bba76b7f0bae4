// Emissions calculation throughput: ≥ 1,000,000 mixed ledger lines on one core. Budget: at least
// 1,000,000 lines per second. Prints nothing; bench/run.ts reports the figure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateActivity } from '../src/domain/emissions/calculate.ts';
import { loadFactorLibrary } from '../src/domain/emissions/factor-library.ts';
import type { ActivityInput } from '../src/domain/emissions/types.ts';

/** A spread of categories, regions, years and units like a real ledger's. */
const TEMPLATES: ActivityInput[] = [
  { date: '2025-01-31', country: 'GB', category: 'electricity', quantity: 10_000, unit: 'kWh' },
  {
    date: '2024-02-29',
    country: 'GB',
    category: 'electricity',
    quantity: 8_000,
    unit: 'kWh',
    market: { instrument: 'renewable_tariff' },
  },
  {
    date: '2025-03-31',
    country: 'US',
    subregion: 'US-CAMX',
    category: 'electricity',
    quantity: 50_000,
    unit: 'kWh',
  },
  {
    date: '2025-04-30',
    country: 'DE',
    category: 'electricity',
    quantity: 12_000,
    unit: 'MWh',
    market: { supplierKgCO2ePerKWh: 0.25 },
  },
  {
    date: '2025-05-31',
    country: 'GB',
    category: 'natural_gas',
    quantity: 20_000,
    unit: 'kWh',
    calorificBasis: 'gross',
  },
  {
    date: '2025-06-30',
    country: 'US',
    category: 'natural_gas',
    quantity: 1_000,
    unit: 'therm',
    calorificBasis: 'gross',
  },
  { date: '2025-07-31', country: 'GB', category: 'diesel', quantity: 1_000, unit: 'litre' },
  {
    date: '2025-08-31',
    country: 'US',
    category: 'diesel',
    variant: 'stationary',
    quantity: 100,
    unit: 'us_gallon',
  },
  {
    date: '2025-09-30',
    country: 'GB',
    category: 'flight',
    variant: 'long_haul_economy',
    quantity: 10_000,
    unit: 'passenger_km',
  },
  { date: '2025-10-31', country: 'GB', category: 'hotel', variant: 'DE', quantity: 3, unit: 'room_night' },
  {
    date: '2024-11-30',
    country: 'GB',
    category: 'purchased_goods',
    variant: '541611',
    spend: 10_000,
    currency: 'GBP',
  },
  { date: '2025-12-31', country: 'GB', category: 'water', quantity: 500, unit: 'm3' },
  {
    date: '2025-01-15',
    country: 'GB',
    category: 'waste',
    variant: 'food_landfill',
    quantity: 0.5,
    unit: 'tonne',
  },
  { date: '2025-02-15', country: 'GB', category: 'refrigerant', variant: 'R410A', quantity: 5, unit: 'kg' },
  {
    date: '2025-03-15',
    country: 'US',
    category: 'business_travel_car',
    quantity: 1_000,
    unit: 'vehicle_mile',
  },
  {
    date: '2025-04-15',
    country: 'GB',
    category: 'owned_vehicle',
    variant: 'car_average_diesel',
    quantity: 900,
    unit: 'km',
  },
];

/** Distinct quantities so no two consecutive lines are identical. */
function makeLines(count: number): ActivityInput[] {
  const lines: ActivityInput[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    const scale = 1 + (i % 997) / 1000;
    lines[i] =
      template.spend === undefined
        ? { ...template, quantity: template.quantity! * scale }
        : { ...template, spend: template.spend * scale };
  }
  return lines;
}

/**
 * Calculates `lineCount` lines (default 1,000,000) drawn in turn from a pool of 100,000 distinct
 * inputs (a ledger streams its rows; holding a million input objects would measure the GC, not
 * the calculator), three times, and returns the best round's throughput (the least disturbed by
 * other processes on the machine).
 */
export function benchCalculation(lineCount = 1_000_000): { linesPerSecond: number } {
  const library = loadFactorLibrary(
    readFileSync(join(import.meta.dir, '..', 'db', 'reference', 'factors', 'emission-factors.csv'), 'utf8'),
  );
  const pool = makeLines(Math.min(lineCount, 100_000));
  // Warm-up: fill the resolution cache and let the JIT settle, as a long-running server would.
  for (let i = 0; i < 50_000; i++) calculateActivity(pool[i % pool.length]!, library);
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let entries = 0;
    const start = performance.now();
    for (let i = 0; i < lineCount; i++)
      entries += calculateActivity(pool[i % pool.length]!, library).entries.length;
    const seconds = (performance.now() - start) / 1000;
    if (entries < lineCount) throw new Error('benchmark lines produced no entries');
    best = Math.max(best, lineCount / seconds);
  }
  return { linesPerSecond: Math.round(best) };
}
