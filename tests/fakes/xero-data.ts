/**
 * The books behind tests/fakes/xero.ts (their shapes: xero-shapes.ts): invoices (bills and sales),
 * bank transactions (spend and receive money), credit notes (supplier ACCPAYCREDIT and customer
 * ACCRECCREDIT), accounts with their Class and Type, tracking categories.
 */
import {
  BANK_ACCOUNT_ID,
  type FakeXeroData,
  type FakeXeroDocument,
  NORTH,
  REGION,
  SOUTH,
  TENANT_ID,
} from './xero-shapes.ts';

const north = { TrackingCategoryID: REGION, TrackingOptionID: NORTH, Name: 'Region', Option: 'North' };
// Older Accounting API answers name the option without its id: the adapter looks it up.
const south = { TrackingCategoryID: REGION, Name: 'Region', Option: 'South' };

/**
 * A small bakery's books: three bills (one draft), one sale, spend and receive money (one spend
 * deleted, one voided), a supplier credit note against the flour (and a draft one), a customer
 * credit note, archived and other-income accounts, a P&L for 2025 whose income is "Turnover".
 */
export function sampleXeroData(overrides: Partial<FakeXeroData> = {}): FakeXeroData {
  return {
    clientId: 'XEROCLIENTID0123456789ABCDEF',
    clientSecret: 'xero-client-secret-for-tests',
    granularOnly: true,
    incomeSectionTitle: 'Turnover',
    tenants: [
      {
        tenantId: '9d9d9d9d-2222-4222-8222-000000000009',
        tenantName: 'Ellis & Co Advisers',
        tenantType: 'PRACTICE',
      },
      { tenantId: TENANT_ID, tenantName: 'Bristol Bakes Ltd', tenantType: 'ORGANISATION' },
    ],
    baseCurrency: 'GBP',
    accounts: [
      {
        AccountID: BANK_ACCOUNT_ID,
        Code: '090',
        Name: 'Business Bank Account',
        Type: 'BANK',
        Class: 'ASSET',
        Status: 'ACTIVE',
      },
      {
        AccountID: 'acc00429-0000-4000-8000-000000000429',
        Code: '429',
        Name: 'General Expenses',
        Type: 'EXPENSE',
        Class: 'EXPENSE',
        Status: 'ACTIVE',
      },
      {
        AccountID: 'acc00489-0000-4000-8000-000000000489',
        Code: '489',
        Name: 'Telephone & Internet',
        Type: 'EXPENSE',
        Class: 'EXPENSE',
        Status: 'ACTIVE',
      },
      {
        AccountID: 'acc00820-0000-4000-8000-000000000820',
        Code: '820',
        Name: 'VAT',
        Type: 'CURRLIAB',
        Class: 'LIABILITY',
        Status: 'ACTIVE',
      },
      {
        AccountID: 'acc00200-0000-4000-8000-000000000200',
        Code: '200',
        Name: 'Sales',
        Type: 'REVENUE',
        Class: 'REVENUE',
        Status: 'ACTIVE',
      },
      // Archived, but last year's wholesale sales are still on it: revenue all the same.
      {
        AccountID: 'acc00210-0000-4000-8000-000000000210',
        Code: '210',
        Name: 'Sales - Wholesale',
        Type: 'SALES',
        Class: 'REVENUE',
        Status: 'ARCHIVED',
      },
      // Interest received: Class REVENUE, but other income, not revenue.
      {
        AccountID: 'acc00270-0000-4000-8000-000000000270',
        Code: '270',
        Name: 'Interest Income',
        Type: 'OTHERINCOME',
        Class: 'REVENUE',
        Status: 'ACTIVE',
      },
    ],
    trackingCategories: [
      {
        TrackingCategoryID: REGION,
        Name: 'Region',
        Status: 'ACTIVE',
        Options: [
          { TrackingOptionID: NORTH, Name: 'North', Status: 'ACTIVE' },
          { TrackingOptionID: SOUTH, Name: 'South', Status: 'ACTIVE' },
        ],
      },
    ],
    invoices: [
      {
        InvoiceID: 'b1110000-0000-4000-8000-000000000001',
        InvoiceNumber: 'BILL-0001',
        Type: 'ACCPAY',
        Status: 'AUTHORISED',
        date: '2025-03-01',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          {
            LineItemID: 'l1110000-0000-4000-8000-000000000011',
            Description: 'Flour delivery',
            AccountCode: '429',
            LineAmount: 100,
            TaxAmount: 20,
            Tracking: [north],
          },
          {
            LineItemID: 'l1110000-0000-4000-8000-000000000012',
            Description: 'Broadband',
            AccountCode: '489',
            LineAmount: 250,
            TaxAmount: 50,
            Tracking: [south],
          },
        ],
      },
      {
        InvoiceID: 'b1110000-0000-4000-8000-000000000002',
        InvoiceNumber: 'BILL-0002',
        Type: 'ACCPAY',
        Status: 'PAID',
        date: '2025-04-10',
        LineAmountTypes: 'Inclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          {
            LineItemID: 'l1110000-0000-4000-8000-000000000021',
            Description: 'Consultant',
            AccountCode: '429',
            LineAmount: 120,
            TaxAmount: 20,
          },
          {
            LineItemID: 'l1110000-0000-4000-8000-000000000022',
            Description: 'VAT adjustment',
            AccountCode: '820',
            LineAmount: 5,
            TaxAmount: 0,
          },
        ],
      },
      {
        InvoiceID: 'b1110000-0000-4000-8000-000000000003',
        InvoiceNumber: 'BILL-0003',
        Type: 'ACCPAY',
        Status: 'DRAFT',
        date: '2025-04-20',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'l1110000-0000-4000-8000-000000000031', AccountCode: '429', LineAmount: 999 },
        ],
      },
      {
        InvoiceID: 'a5500000-0000-4000-8000-000000000001',
        InvoiceNumber: 'INV-0001',
        Type: 'ACCREC',
        Status: 'AUTHORISED',
        date: '2025-03-15',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'l5500000-0000-4000-8000-000000000001', AccountCode: '200', LineAmount: 5000 },
        ],
      },
    ],
    bankTransactions: [
      {
        BankTransactionID: 'bt000000-0000-4000-8000-000000000001',
        Reference: 'Card 4431',
        Type: 'SPEND',
        Status: 'AUTHORISED',
        date: '2025-05-05',
        LineAmountTypes: 'NoTax',
        CurrencyCode: 'GBP',
        LineItems: [
          {
            LineItemID: 'lb000000-0000-4000-8000-000000000001',
            Description: 'Oven repair',
            AccountCode: '429',
            LineAmount: 60,
            Tracking: [north],
          },
        ],
      },
      {
        BankTransactionID: 'bt000000-0000-4000-8000-000000000002',
        Type: 'SPEND',
        Status: 'DELETED',
        date: '2025-05-06',
        LineAmountTypes: 'NoTax',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'lb000000-0000-4000-8000-000000000002', AccountCode: '429', LineAmount: 77 },
        ],
      },
      // Voided: the payment was cancelled in Xero, so nothing was spent.
      {
        BankTransactionID: 'bt000000-0000-4000-8000-000000000004',
        Reference: 'Card 4431',
        Type: 'SPEND',
        Status: 'VOIDED',
        date: '2025-05-06',
        LineAmountTypes: 'NoTax',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'lb000000-0000-4000-8000-000000000004', AccountCode: '429', LineAmount: 88 },
        ],
      },
      {
        BankTransactionID: 'bt000000-0000-4000-8000-000000000003',
        Type: 'RECEIVE',
        Status: 'AUTHORISED',
        date: '2025-05-07',
        LineAmountTypes: 'NoTax',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'lb000000-0000-4000-8000-000000000003', AccountCode: '200', LineAmount: 300 },
        ],
      },
    ],
    creditNotes: [
      {
        CreditNoteID: 'c0000000-0000-4000-8000-000000000001',
        CreditNoteNumber: 'CN-0001',
        Type: 'ACCPAYCREDIT',
        Status: 'AUTHORISED',
        date: '2025-03-20',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          {
            LineItemID: 'lc000000-0000-4000-8000-000000000001',
            Description: 'Damaged flour sacks returned',
            AccountCode: '429',
            LineAmount: 30,
            TaxAmount: 6,
            Tracking: [north],
          },
        ],
      },
      {
        CreditNoteID: 'c0000000-0000-4000-8000-000000000002',
        CreditNoteNumber: 'CN-0002',
        Type: 'ACCPAYCREDIT',
        Status: 'DRAFT',
        date: '2025-03-21',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'lc000000-0000-4000-8000-000000000002', AccountCode: '429', LineAmount: 50 },
        ],
      },
      {
        CreditNoteID: 'c0000000-0000-4000-8000-000000000003',
        CreditNoteNumber: 'CN-0003',
        Type: 'ACCRECCREDIT',
        Status: 'AUTHORISED',
        date: '2025-03-22',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        LineItems: [
          { LineItemID: 'lc000000-0000-4000-8000-000000000003', AccountCode: '429', LineAmount: 40 },
        ],
      },
    ],
    income: { 2025: 48250.5 },
    ...overrides,
  };
}

/** `count` authorised bills of one line each, for pagination. */
export function manyBills(count: number): FakeXeroDocument[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(4, '0');
    return {
      InvoiceID: `b2220000-0000-4000-8000-00000000${n}`,
      InvoiceNumber: `BULK-${n}`,
      Type: 'ACCPAY' as const,
      Status: 'AUTHORISED' as const,
      date: '2025-06-01',
      LineAmountTypes: 'Exclusive' as const,
      CurrencyCode: 'GBP',
      LineItems: [{ LineItemID: `l2220000-0000-4000-8000-00000000${n}`, AccountCode: '429', LineAmount: 10 }],
    };
  });
}
