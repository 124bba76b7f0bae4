/**
 * Books for tests/integration/connectors-xero-credits.test.ts, in the Accounting API's shapes:
 * bills, spend money, refunds received into an expense account (RECEIVE), and supplier credit
 * notes (ACCPAYCREDIT) that net against them, next to documents that must change nothing (a void
 * and a customer credit note, a deleted refund, money received as income). The amounts the test
 * expects are worked out beside each document.
 */
import { sampleXeroData } from './xero-data.ts';
import {
  type FakeXeroData,
  type FakeXeroDocument,
  type FakeXeroLineItem,
  NORTH,
  REGION,
  SOUTH,
} from './xero-shapes.ts';

const north = { TrackingCategoryID: REGION, TrackingOptionID: NORTH, Name: 'Region', Option: 'North' };
const south = { TrackingCategoryID: REGION, TrackingOptionID: SOUTH, Name: 'Region', Option: 'South' };

const item = (
  id: string,
  AccountCode: string,
  LineAmount: number,
  extra: Partial<FakeXeroLineItem> = {},
): FakeXeroLineItem => ({
  LineItemID: `l0000000-0000-4000-8000-0000000${id}`,
  AccountCode,
  LineAmount,
  ...extra,
});

export const billId = (name: string) => `b0000000-0000-4000-8000-00000000000${name}`;
export const bankId = (name: string) => `bt100000-0000-4000-8000-00000000000${name}`;
export const lineId = (id: string) => `l0000000-0000-4000-8000-0000000${id}`;

const document = (
  fields: Pick<FakeXeroDocument, 'Type' | 'Status' | 'date'> & Partial<FakeXeroDocument>,
  LineItems: FakeXeroLineItem[],
): FakeXeroDocument => ({ LineAmountTypes: 'Exclusive', CurrencyCode: 'GBP', LineItems, ...fields });

export const creditNote = (
  number: string,
  Status: FakeXeroDocument['Status'],
  date: string,
  LineItems: FakeXeroLineItem[],
  extra: Partial<FakeXeroDocument> = {},
) =>
  document(
    {
      CreditNoteID: `c1000000-0000-4000-8000-0000000000${number}`,
      CreditNoteNumber: `CN-${number}`,
      Type: 'ACCPAYCREDIT',
      Status,
      date,
      ...extra,
    },
    LineItems,
  );

export function creditsXeroData(): FakeXeroData {
  return sampleXeroData({
    invoices: [
      // General Expenses, North, June: 200 + 100 + 50 (spend money) = 350 less 70 (CN-A) + 35
      // (refund) = 105 pro rata: 200 − 60 = 140, 100 − 30 = 70, 50 − 15 = 35.
      // Telephone, South, June: 90 less CN-A's 150 → 0, 60 left over.
      document(
        {
          InvoiceID: billId('A'),
          InvoiceNumber: 'BILL-A',
          Type: 'ACCPAY',
          Status: 'AUTHORISED',
          date: '2025-06-02',
        },
        [
          item('a1', '429', 200, { TaxAmount: 40, Tracking: [north] }),
          item('a2', '429', 100, { TaxAmount: 20, Tracking: [north] }),
          item('a3', '489', 90, { TaxAmount: 18, Tracking: [south] }),
        ],
      ),
      // General Expenses, North, July: no July credit for North (CN-C is South), stays 80.
      document(
        {
          InvoiceID: billId('B'),
          InvoiceNumber: 'BILL-B',
          Type: 'ACCPAY',
          Status: 'PAID',
          date: '2025-07-01',
        },
        [item('b1', '429', 80, { Tracking: [north] })],
      ),
      // Telephone, no tracking, June: 120 − 20 of tax = 100, less CN-B's 36 − 6 = 30: 70.
      document(
        {
          InvoiceID: billId('C'),
          InvoiceNumber: 'BILL-C',
          Type: 'ACCPAY',
          Status: 'AUTHORISED',
          date: '2025-06-10',
          LineAmountTypes: 'Inclusive',
        },
        [item('c1', '489', 120, { TaxAmount: 20 })],
      ),
    ],
    bankTransactions: [
      document(
        {
          BankTransactionID: bankId('1'),
          Reference: 'Card 4431',
          Type: 'SPEND',
          Status: 'AUTHORISED',
          date: '2025-06-15',
          LineAmountTypes: 'NoTax',
        },
        [item('s1', '429', 50, { Tracking: [north] })],
      ),
      // A refund into General Expenses (netted) and a sale into Sales (income: not a credit).
      document(
        {
          BankTransactionID: bankId('2'),
          Reference: 'Refund 77',
          Type: 'RECEIVE',
          Status: 'AUTHORISED',
          date: '2025-06-20',
          LineAmountTypes: 'NoTax',
        },
        [item('r1', '429', 35, { Tracking: [north] }), item('r2', '200', 500)],
      ),
      document(
        {
          BankTransactionID: bankId('3'),
          Type: 'RECEIVE',
          Status: 'DELETED',
          date: '2025-06-21',
          LineAmountTypes: 'NoTax',
        },
        [item('r3', '429', 999, { Tracking: [north] })],
      ),
    ],
    creditNotes: [
      creditNote('A', 'AUTHORISED', '2025-06-25', [
        item('n1', '429', 70, { TaxAmount: 14, Tracking: [north] }),
        item('n2', '489', 150, { TaxAmount: 30, Tracking: [south] }),
      ]),
      creditNote('B', 'PAID', '2025-06-28', [item('n3', '489', 36, { TaxAmount: 6 })], {
        LineAmountTypes: 'Inclusive',
      }),
      // South in July: no South spend that month, all 25 left over.
      creditNote('C', 'AUTHORISED', '2025-07-15', [item('n4', '429', 25, { Tracking: [south] })]),
      creditNote('D', 'VOIDED', '2025-06-26', [item('n5', '429', 500, { Tracking: [north] })]),
      creditNote('E', 'AUTHORISED', '2025-06-27', [item('n6', '429', 40, { Tracking: [north] })], {
        Type: 'ACCRECCREDIT',
      }),
    ],
  });
}
