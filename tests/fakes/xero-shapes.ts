/**
 * What tests/fakes/xero.ts serves, in the Accounting API's own JSON shapes (PascalCase keys,
 * `/Date(ms+0000)/` dates, LineAmountTypes, Tracking entries with and without TrackingOptionID),
 * and the ids the tests refer to.
 */

export interface FakeXeroLineItem {
  LineItemID: string;
  Description?: string;
  AccountCode?: string;
  LineAmount: number;
  TaxAmount?: number;
  Tracking?: { TrackingCategoryID: string; TrackingOptionID?: string; Name: string; Option: string }[];
}

export interface FakeXeroDocument {
  InvoiceID?: string;
  BankTransactionID?: string;
  CreditNoteID?: string;
  InvoiceNumber?: string;
  CreditNoteNumber?: string;
  Reference?: string;
  Type: 'ACCPAY' | 'ACCREC' | 'SPEND' | 'RECEIVE' | 'ACCPAYCREDIT' | 'ACCRECCREDIT';
  Status: 'DRAFT' | 'SUBMITTED' | 'AUTHORISED' | 'PAID' | 'VOIDED' | 'DELETED';
  /** `YYYY-MM-DD`; served as `/Date(ms+0000)/`. */
  date: string;
  LineAmountTypes: 'Exclusive' | 'Inclusive' | 'NoTax';
  CurrencyCode: string;
  LineItems: FakeXeroLineItem[];
}

export interface FakeXeroTenant {
  tenantId: string;
  tenantName: string;
  tenantType: 'ORGANISATION' | 'PRACTICE';
}

export interface FakeXeroData {
  clientId: string;
  clientSecret: string;
  /** An app created on or after 2 March 2026: Xero refuses it the broad scopes. */
  granularOnly: boolean;
  /** How the P&L titles the income section ("Turnover" in a UK organisation's chart). */
  incomeSectionTitle: string;
  /** Offered on the consent page, in this order (a practice first: it must not be chosen). */
  tenants: FakeXeroTenant[];
  baseCurrency: string;
  accounts: {
    AccountID: string;
    Code: string;
    Name: string;
    Type: string;
    Class: 'ASSET' | 'EQUITY' | 'EXPENSE' | 'LIABILITY' | 'REVENUE';
    Status: 'ACTIVE' | 'ARCHIVED';
  }[];
  trackingCategories: {
    TrackingCategoryID: string;
    Name: string;
    Status: 'ACTIVE' | 'ARCHIVED';
    Options: { TrackingOptionID: string; Name: string; Status: 'ACTIVE' | 'ARCHIVED' }[];
  }[];
  invoices: FakeXeroDocument[];
  bankTransactions: FakeXeroDocument[];
  /** `/CreditNotes`: ACCPAYCREDIT (from suppliers) and ACCRECCREDIT (to customers). */
  creditNotes: FakeXeroDocument[];
  /** Operating revenue of the P&L per calendar year (split over the revenue accounts). */
  income: Record<number, number>;
}

export const REGION = 'c1a7e0de-0000-4000-8000-00000000c001';
export const NORTH = 'c1a7e0de-0000-4000-8000-0000000000a1';
export const SOUTH = 'c1a7e0de-0000-4000-8000-0000000000a2';
export const BANK_ACCOUNT_ID = 'acc00090-0000-4000-8000-000000000090';
export const TENANT_ID = '7a1f7a1f-1111-4111-8111-000000000001';
