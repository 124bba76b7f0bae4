// The demo company's emissions ledger (called by db/seed/demo.ts): a Bristol bakery with a shop
// in Lyon, one realistic year (2025) of monthly activity, its financials, a target and workforce
// figures. Written through the same services as the app, so every row has its audit entry and
// every figure is calculated exactly as a customer's would be.
import type { SaveActivity } from '../../src/domain/contracts/ledger.ts';
import type { AuthedContext } from '../../src/server/context.ts';
import { createActivity } from '../../src/server/features/activities/service.ts';
import { saveFinancials, saveTarget, saveWorkforce } from '../../src/server/features/metrics/records.ts';
import { createSite, listSites } from '../../src/server/features/sites/service.ts';

const YEAR = 2025;

/** Bakery ovens run harder in winter; the shop's lights and tills barely change. Index 0 = January. */
const SEASON = [1.18, 1.12, 1.04, 0.96, 0.9, 0.86, 0.84, 0.86, 0.92, 1.0, 1.1, 1.22];

const month = (m: number) => String(m + 1).padStart(2, '0');
const lastDay = (m: number) => new Date(Date.UTC(YEAR, m + 1, 0)).getUTCDate();
const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;

function monthlyLines(bristol: string, lyon: string): SaveActivity[] {
  const lines: SaveActivity[] = [];
  for (let m = 0; m < 12; m++) {
    const from = `${YEAR}-${month(m)}-01`;
    const to = `${YEAR}-${month(m)}-${lastDay(m)}`;
    const s = SEASON[m]!;
    // Grid electricity at the bakery (location- and market-based: no green tariff there).
    lines.push({
      siteId: bristol,
      date: from,
      periodEnd: to,
      category: 'electricity',
      quantity: round(10400 * s),
      unit: 'kWh',
      reference: `MPAN 1200034567812 ${YEAR}-${month(m)}`,
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
      reference: `PDL 14285736291045 ${YEAR}-${month(m)}`,
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
      reference: `MPRN 7534211 ${YEAR}-${month(m)}`,
    });
    // Two delivery vans on fuel cards.
    lines.push({
      siteId: bristol,
      date: to,
      category: 'diesel',
      quantity: round(410 + 30 * Math.sin(m), 1),
      unit: 'litre',
      reference: `Fuel card statement ${YEAR}-${month(m)}`,
    });
    lines.push({
      siteId: bristol,
      date: from,
      periodEnd: to,
      category: 'water',
      quantity: round(52 * s, 1),
      unit: 'm3',
      reference: `Wessex Water ${YEAR}-${month(m)}`,
    });
    lines.push({
      siteId: lyon,
      date: from,
      periodEnd: to,
      category: 'water',
      quantity: 7.5,
      unit: 'm3',
      reference: `Eau du Grand Lyon ${YEAR}-${month(m)}`,
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
      reference: `Waste transfer note WTN-${YEAR}${month(m)}`,
    });
    // Bookkeeping every month, paid in pounds (spend-based, USEEIO).
    lines.push({
      siteId: bristol,
      date: to,
      category: 'purchased_goods',
      variant: '541611',
      spend: 1450,
      currency: 'GBP',
      reference: `Ledger & Co INV-${YEAR}${month(m)}`,
    });
  }
  return lines;
}

/** Trips to the Lyon shop and one trade show, with their hotel nights. */
function travelLines(bristol: string): SaveActivity[] {
  return [
    {
      siteId: bristol,
      date: `${YEAR}-03-10`,
      category: 'flight',
      variant: 'short_haul_economy',
      quantity: 1820,
      unit: 'passenger_km',
      dataQuality: 'activity_average',
      reference: 'BRS-LYS return TRIP-0311',
    },
    {
      siteId: bristol,
      date: `${YEAR}-03-10`,
      periodEnd: `${YEAR}-03-13`,
      category: 'hotel',
      variant: 'FR',
      quantity: 3,
      unit: 'room_night',
      dataQuality: 'activity_average',
      reference: 'TRIP-0311',
    },
    {
      siteId: bristol,
      date: `${YEAR}-09-15`,
      category: 'flight',
      variant: 'short_haul_economy',
      quantity: 3640,
      unit: 'passenger_km',
      dataQuality: 'activity_average',
      reference: 'BRS-LYS return, two staff TRIP-0915',
    },
    {
      siteId: bristol,
      date: `${YEAR}-09-15`,
      periodEnd: `${YEAR}-09-17`,
      category: 'hotel',
      variant: 'FR',
      quantity: 4,
      unit: 'room_night',
      dataQuality: 'activity_average',
      reference: 'TRIP-0915',
    },
    {
      siteId: bristol,
      date: `${YEAR}-10-20`,
      category: 'flight',
      variant: 'long_haul_economy',
      quantity: 11080,
      unit: 'passenger_km',
      dataQuality: 'activity_average',
      reference: 'LHR-JFK return, bakery trade show TRIP-1020',
    },
    {
      siteId: bristol,
      date: `${YEAR}-10-20`,
      periodEnd: `${YEAR}-10-24`,
      category: 'hotel',
      variant: 'US',
      quantity: 4,
      unit: 'room_night',
      dataQuality: 'activity_average',
      reference: 'TRIP-1020',
    },
    {
      siteId: bristol,
      date: `${YEAR}-11-05`,
      category: 'purchased_goods',
      variant: '541810',
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
  const lines = [...monthlyLines(bristol.id, lyon.id), ...travelLines(bristol.id)];
  for (const line of lines) await createActivity(ctx, line);
  await saveFinancials(ctx, { year: YEAR, revenue: 3_200_000, currency: 'GBP', employees: 28 });
  await saveTarget(ctx, { baseYear: YEAR, targetYear: 2030, reductionPercent: 42, coverage: 'scope_1_2' });
  await saveWorkforce(ctx, {
    year: YEAR,
    headcountFemale: 15,
    headcountMale: 12,
    headcountOther: 1,
    leadershipFemale: 3,
    leadershipTotal: 7,
    ageUnder30: 9,
    age30To50: 14,
    ageOver50: 5,
    trainingHours: 840,
  });
  return { lines: lines.length };
}
