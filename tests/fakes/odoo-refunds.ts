/**
 * The sample Odoo books (tests/fakes/odoo.ts) with vendor credit notes (move_type `in_refund`,
 * decision 032), the spend they net worked out by hand with the rule of
 * src/domain/connectors/credit-netting.ts (same account, month and currency; pro rata in cents,
 * odd cents to the largest remainder; never below zero, the rest reported):
 *
 * - Software subscriptions, 2025-03, EUR: spend 1000.00 (line 1001, BILL/2025/03/0001) and 500.00
 *   (line 1006, BILL/2025/03/0003) = 1500.00. RBILL/2025/03/0001 gives back 300.00 less a 20.00
 *   fee kept back (a negative line on the credit note) = 280.00. Shares in cents: 28000 × 100000 /
 *   150000 = 18666 r 100000 and 28000 × 50000 / 150000 = 9333 r 50000; the odd cent goes to the
 *   larger remainder (line 1001): 1000.00 − 186.67 = 813.33 and 500.00 − 93.33 = 406.67.
 * - Legal fees, 2025-03, EUR: spend 200.00 (line 1002). RBILL/2025/03/0002 gives back 250.00:
 *   the line falls to 0 (not imported) and 50.00 is left over.
 * - Purchases of services, 2025-04, USD: no spend. RBILL/2025/04/0001 gives back 120.00, left
 *   over (not carried to March's 800.00 USD on line 1004, which stays whole).
 * - Not read: a draft credit note (RBILL/2025/03/0004) and a customer credit note (RINV/2025/0001,
 *   out_refund), both against March's USD services; and the credit notes' tax lines.
 */
import type { FakeOdooData, FakeOdooLine, FakeOdooMove } from './odoo.ts';
import { sampleOdooData } from './odoo.ts';

const SOFTWARE = 11;
const LEGAL = 12;
const VAT = 13;
const SERVICES = 14;

function refund(
  id: number,
  name: string,
  date: string,
  currency: string,
  amountUntaxed: number,
  overrides: Partial<FakeOdooMove> = {},
): FakeOdooMove {
  return {
    id,
    name,
    move_type: 'in_refund',
    state: 'posted',
    date,
    invoice_date: date,
    currency,
    amount_untaxed: amountUntaxed,
    ...overrides,
  };
}

const line = (
  id: number,
  moveId: number,
  accountId: number,
  priceSubtotal: number,
  displayType: FakeOdooLine['display_type'] = 'product',
  product: string | null = null,
): FakeOdooLine => ({
  id,
  move_id: moveId,
  account_id: accountId,
  product,
  price_subtotal: priceSubtotal,
  display_type: displayType,
});

export function refundsOdooData(): FakeOdooData {
  const base = sampleOdooData();
  return {
    ...base,
    moves: [
      ...base.moves,
      {
        id: 104,
        name: 'BILL/2025/03/0003',
        move_type: 'in_invoice',
        state: 'posted',
        date: '2025-03-20',
        invoice_date: '2025-03-20',
        currency: 'EUR',
        amount_untaxed: 500,
      },
      refund(301, 'RBILL/2025/03/0001', '2025-03-25', 'EUR', 280),
      refund(302, 'RBILL/2025/03/0002', '2025-03-28', 'EUR', 250),
      refund(303, 'RBILL/2025/04/0001', '2025-04-03', 'USD', 120),
      refund(304, 'RBILL/2025/03/0004', '2025-03-30', 'USD', 100, { state: 'draft' }),
      refund(305, 'RINV/2025/0001', '2025-03-30', 'USD', 100, { move_type: 'out_refund' }),
    ],
    lines: [
      ...base.lines,
      line(1006, 104, SOFTWARE, 500, 'product', 'Cloud hosting plan'),
      line(3001, 301, SOFTWARE, 300, 'product', 'Cloud hosting plan'),
      line(3002, 301, SOFTWARE, -20, 'product', 'Cancellation fee'),
      line(3003, 301, VAT, 56, 'tax'),
      line(3004, 302, LEGAL, 250),
      line(3005, 303, SERVICES, 120, 'product', 'Consulting day'),
      line(3006, 304, SERVICES, 100),
      line(3007, 305, SERVICES, 100),
    ],
  };
}

/** The sync's leftover notice, as credit-netting.ts's describeLeftovers words it. */
export const leftoverNotice = (...groups: string[]) =>
  `Supplier credits not subtracted, for want of spend on the same account and tracking in the same month (not carried to other months): ${groups.join('; ')}.`;
