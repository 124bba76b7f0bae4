// The demo company's emissions ledger (called by db/seed/demo.ts): a Bristol bakery with a shop
// in Lyon, a full year (2025) of monthly activity and the current year up to this month (so the
// dashboard's "this month" has figures), financials, a target and workforce figures. Written through the same services as the app, so every row has its audit entry and
// every figure is calculated exactly as a customer's would be.
import type { SaveActivity } from '../../src/domain/contracts/ledger.ts';
import type { AuthedContext } from '../../src/server/context.ts';
import { saveFinancials, saveTarget, saveWorkforce } from '../../src/server/features/kpi/records.ts';
import { createActivity } from '../../src/server/features/ledger/lines/service.ts';
import { createSite, listSites } from '../../src/server/features/ledger/sites/service.ts';

/** The base year of the demo's target and its first full year of data. */
const BASE_YEAR = 2025;

/** Bakery ovens run harder in winter; the shop's lights and tills barely change. Index 0 = January. */
const SEASON = [1.18, 1.12, 1.04, 0.96, 0.9, 0.86, 0.84, 0.86, 0.92, 1.0, 1.1, 1.22];

const month = (m: number) => String(m + 1).padStart(2, '0');
const lastDay = (year: number, m: number) => new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;

/** The regular bills of `monthCount` months of `year`, from January. */
function monthlyLines(bristol: string, lyon: string, year: number, monthCount = 12): SaveActivity[] {
  const lines: SaveActivity[] = [];
  for (let m = 0; m < monthCount; m++) {
    const from = `${year}-${month(m)}-01`;
    const to = `${year}-${month(m)}-${lastDay(year, m)}`;
    const s = SEASON[m]!;
    // Grid electricity at the bakery (location- and market-based: no green tariff there).
    lines.push({
      siteId: bristol,
      date: from,
      periodEnd: to,
      category: 'electricity',
      quantity: round(10400 * s),
      unit: 'kWh',
      reference: `MPAN 1200034567812 ${year}-${month(m)}`,
    });
    // The Lyon shop buys a renewable tariff: its market-based scope 2 is zero.
    lines.push({
      siteId: lyon,
      date: from,
      periodEnd: to,
      category: 'electricity',
      quantity: round(2350 * (0.9 + s / 10)),
      unit: 'kWh',
      instrument: 'renewable_tariff',
      reference: `PDL 14285736291045 ${year}-${month(m)}`,
    });
    // Gas for the ovens, billed in kWh on gross calorific value (UK bills).
    lines.push({
      siteId: bristol,
      date: from,
      periodEnd: to,
      category: 'natural_gas',
      quantity: round(21500 * s),
      unit: 'kWh',
      calorificBasis: 'gross',
      reference: `MPRN 7534211 ${year}-${month(m)}`,
    });
    // Two delivery vans on fuel cards.
    lines.push({
      siteId: bristol,
      date: to,
      category: 'diesel',
      quantity: round(410 + 30 * Math.sin(m), 1),
      unit: 'litre',
      reference: `Fuel card statement ${year}-${month(m)}`,
    });
    lines.push({
      siteId: bristol,
      date: from,
      periodEnd: to,
      category: 'water',
      quantity: round(52 * s, 1),
      unit: 'm3',
      reference: `Wessex Water ${year}-${month(m)}`,
    });
    lines.push({
      siteId: lyon,
      date: from,
      periodEnd: to,
      category: 'water',
      quantity: 7.5,
      unit: 'm3',
      reference: `Eau du Grand Lyon ${year}-${month(m)}`,
    });
    // Unsold bread and trimmings to anaerobic digestion.
    lines.push({
      siteId: bristol,
      date: to,
      category: 'waste',
      variant: 'food_anaerobic_digestion',
      quantity: round(380 * s),
      unit: 'kg',
      dataQuality: 'supplier_specific',
      reference: `Waste transfer note WTN-${year}${month(m)}`,
    });
    // Bookkeeping every month, paid in pounds (spend-based: Defra SIC 69.2 at a UK site).
    lines.push({
      siteId: bristol,
      date: to,
      category: 'purchased_goods',
      variant: 'accountancy_legal',
      spend: 1450,
      currency: 'GBP',
      reference: `Ledger & Co INV-${year}${month(m)}`,
    });
  }
  return lines;
}

/** Trips to the Lyon shop and one trade show, with their hotel nights (base year). */
function travelLines(bristol: string): SaveActivity[] {
  const year = BASE_YEAR;
  return [
    {
      siteId: bristol,
      date: `${year}-03-10`,
      category: 'flight',
      variant: 'short_haul_economy',
      quantity: 1820,
      unit: 'passenger_km',
      dataQuality: 'activity_average',
      reference: 'BRS-LYS return TRIP-0311',
    },
    {
      siteId: bristol,
      date: `${year}-03-10`,
      periodEnd: `${year}-03-13`,
      category: 'hotel',
      variant: 'FR',
      quantity: 3,
      unit: 'room_night',
      dataQuality: 'activity_average',
      reference: 'TRIP-0311',
    },
    {
      siteId: bristol,
      date: `${year}-09-15`,
      category: 'flight',
      variant: 'short_haul_economy',
      quantity: 3640,
      unit: 'passenger_km',
      dataQuality: 'activity_average',
      reference: 'BRS-LYS return, two staff TRIP-0915',
    },
    {
      siteId: bristol,
      date: `${year}-09-15`,
      periodEnd: `${year}-09-17`,
      category: 'hotel',
      variant: 'FR',
      quantity: 4,
      unit: 'room_night',
      dataQuality: 'activity_average',
      reference: 'TRIP-0915',
    },
    {
      siteId: bristol,
      date: `${year}-10-20`,
      category: 'flight',
      variant: 'long_haul_economy',
      quantity: 11080,
      unit: 'passenger_km',
      dataQuality: 'activity_average',
      reference: 'LHR-JFK return, bakery trade show TRIP-1020',
    },
    {
      siteId: bristol,
      date: `${year}-10-20`,
      periodEnd: `${year}-10-24`,
      category: 'hotel',
      variant: 'US',
      quantity: 4,
      unit: 'room_night',
      dataQuality: 'activity_average',
      reference: 'TRIP-1020',
    },
    {
      siteId: bristol,
      date: `${year}-11-05`,
      category: 'purchased_goods',
      variant: 'marketing_advertising',
      spend: 6800,
      currency: 'GBP',
      reference: 'Christmas campaign INV-7741',
    },
  ];
}

/**
 * Fills the demo company's ledger once: a company that already has sites is left as it is, so
 * running the demo twice changes nothing.
 */
export async function seedDemoLedger(ctx: AuthedContext): Promise<{ lines: number }> {
  if ((await listSites(ctx)).length > 0) return { lines: 0 };
  const bristol = await createSite(ctx, { name: 'Bristol bakery', country: 'GB', postcode: 'BS1 4DJ' });
  const lyon = await createSite(ctx, { name: 'Lyon shop', country: 'FR', postcode: '69002' });
  const now = ctx.now();
  const lines = [...monthlyLines(bristol.id, lyon.id, BASE_YEAR), ...travelLines(bristol.id)];
  // Every later year up to this month, so the dashboard and the trend reach the present.
  for (let year = BASE_YEAR + 1; year <= now.getUTCFullYear(); year++) {
    const months = year === now.getUTCFullYear() ? now.getUTCMonth() + 1 : 12;
    lines.push(...monthlyLines(bristol.id, lyon.id, year, months));
  }
  for (const line of lines) await createActivity(ctx, line);
  await saveTarget(ctx, {
    baseYear: BASE_YEAR,
    targetYear: 2030,
    reductionPercent: 42,
    coverage: 'scope_1_2',
  });
  for (let year = BASE_YEAR; year <= Math.max(BASE_YEAR, now.getUTCFullYear()); year++) {
    const growth = year - BASE_YEAR;
    await saveFinancials(ctx, {
      year,
      revenue: 3_200_000 + 250_000 * growth,
      currency: 'GBP',
      employees: 28 + growth,
    });
    await saveWorkforce(ctx, {
      year,
      headcountFemale: 15 + growth,
      headcountMale: 12,
      headcountOther: 1,
      leadershipFemale: 3 + growth,
      leadershipTotal: 7 + growth,
      ageUnder30: 9,
      age30To50: 14 + growth,
      ageOver50: 5,
      trainingHours: 840 + 60 * growth,
    });
  }
  return { lines: lines.length };
}
