/**
 * The books of a small QuickBooks Online company for tests/fakes/quickbooks.ts, in the Accounting
 * API's entity shapes (minor version 75): accounts, classes, departments (locations), items,
 * purchases (expenses, card charges and card credits), bills and vendor credits with account-based
 * and item-based lines.
 */

export interface QbRef {
  value: string;
  name?: string;
}

export interface FakeQbAccount {
  Id: string;
  Name: string;
  FullyQualifiedName: string;
  AcctNum?: string;
  AccountType: string;
  Classification: 'Asset' | 'Liability' | 'Equity' | 'Revenue' | 'Expense';
  Active: boolean;
}

export interface FakeQbLine {
  Id: string;
  LineNum?: number;
  Amount: number;
  Description?: string;
  DetailType: 'AccountBasedExpenseLineDetail' | 'ItemBasedExpenseLineDetail';
  AccountBasedExpenseLineDetail?: { AccountRef: QbRef; ClassRef?: QbRef; BillableStatus?: string };
  ItemBasedExpenseLineDetail?: {
    ItemRef: QbRef;
    ClassRef?: QbRef;
    Qty: number;
    UnitPrice: number;
    BillableStatus?: string;
  };
}

/**
 * The Item entity: inventory, non-inventory and service items carry the ExpenseAccountRef a
 * purchase of them is charged to (Inventory: the cost of goods sold account); Category items and
 * items only ever sold have none.
 */
export interface FakeQbItem {
  Id: string;
  Name: string;
  FullyQualifiedName: string;
  Type: 'Inventory' | 'NonInventory' | 'Service' | 'Category';
  Active: boolean;
  ExpenseAccountRef?: QbRef;
  IncomeAccountRef?: QbRef;
}

export interface FakeQbTransaction {
  Id: string;
  SyncToken?: string;
  TxnDate: string;
  DocNumber?: string;
  CurrencyRef?: QbRef;
  DepartmentRef?: QbRef;
  PaymentType?: 'Cash' | 'Check' | 'CreditCard';
  Credit?: boolean;
  AccountRef?: QbRef;
  /** Bill and VendorCredit: the supplier. */
  VendorRef?: QbRef;
  /** Purchase: the payee (`type` Vendor, Customer or Employee). */
  EntityRef?: QbRef & { type?: string };
  TotalAmt: number;
  /** "Voided" on a voided transaction, whose amounts QuickBooks sets to 0. */
  PrivateNote?: string;
  Line: FakeQbLine[];
}

export interface FakeQuickBooksData {
  clientId: string;
  clientSecret: string;
  realmId: string;
  companyName: string;
  homeCurrency: string;
  accounts: FakeQbAccount[];
  classes: { Id: string; Name: string; FullyQualifiedName: string; Active: boolean }[];
  departments: { Id: string; Name: string; FullyQualifiedName: string; Active: boolean }[];
  items: FakeQbItem[];
  purchases: FakeQbTransaction[];
  bills: FakeQbTransaction[];
  /** Supplier credit notes: the same shape as a Bill (VendorCredit entity). */
  vendorCredits: FakeQbTransaction[];
  /** "Total Income" of the ProfitAndLoss report per calendar year. */
  income: Record<number, number>;
}

export const account = (
  Id: string,
  Name: string,
  AccountType: string,
  Classification: FakeQbAccount['Classification'],
  AcctNum?: string,
  parent?: string,
): FakeQbAccount => ({
  Id,
  Name,
  FullyQualifiedName: parent ? `${parent}:${Name}` : Name,
  ...(AcctNum ? { AcctNum } : {}),
  AccountType,
  Classification,
  Active: true,
});

export const expenseLine = (
  Id: string,
  Amount: number,
  accountId: string,
  accountName: string,
  extra: Partial<FakeQbLine> & { classRef?: QbRef } = {},
): FakeQbLine => {
  const { classRef, ...rest } = extra;
  return {
    Id,
    Amount,
    DetailType: 'AccountBasedExpenseLineDetail',
    AccountBasedExpenseLineDetail: {
      AccountRef: { value: accountId, name: accountName },
      ...(classRef ? { ClassRef: classRef } : {}),
      BillableStatus: 'NotBillable',
    },
    ...rest,
  };
};

/** An item-based expense line: Amount = Qty × UnitPrice, the account comes from the item. */
export const itemLine = (
  Id: string,
  item: QbRef,
  Qty: number,
  UnitPrice: number,
  extra: { classRef?: QbRef; Description?: string } = {},
): FakeQbLine => ({
  Id,
  Amount: Math.round(Qty * UnitPrice * 100) / 100,
  ...(extra.Description ? { Description: extra.Description } : {}),
  DetailType: 'ItemBasedExpenseLineDetail',
  ItemBasedExpenseLineDetail: {
    ItemRef: item,
    ...(extra.classRef ? { ClassRef: extra.classRef } : {}),
    Qty,
    UnitPrice,
    BillableStatus: 'NotBillable',
  },
});

export const RETAIL = { value: '5000000000000012345', name: 'Retail' };
export const BOSTON = { value: '1', name: 'Boston' };
/** Inactive: QuickBooks names them "(deleted)" in references. */
export const WHOLESALE = { value: '5000000000000012346', name: 'Wholesale (deleted)' };
export const CAMBRIDGE = { value: '2', name: 'Cambridge (deleted)' };

export function sampleQuickBooksData(overrides: Partial<FakeQuickBooksData> = {}): FakeQuickBooksData {
  return {
    clientId: 'ABqb-client-id-0123456789',
    clientSecret: 'qb-client-secret-0123456789',
    realmId: '9341452345678901',
    companyName: 'Acme Outdoor Co',
    homeCurrency: 'USD',
    accounts: [
      account('7', 'Advertising', 'Expense', 'Expense', '6000'),
      account('8', 'Cloud hosting', 'Expense', 'Expense', '6110', 'Software'),
      account('9', 'Legal & Professional Fees', 'Expense', 'Expense', '6200'),
      account('10', 'Bank Charges', 'Expense', 'Expense', '6300'),
      account('11', 'Office Supplies', 'Expense', 'Expense'),
      account('33', 'Visa', 'Credit Card', 'Liability'),
      account('34', 'Loan Payable', 'Long Term Liability', 'Liability'),
      account('35', 'Checking', 'Bank', 'Asset'),
      // Paid off and made inactive: its repayments must still read as a loan, not as spend.
      { ...account('36', 'Equipment Loan', 'Long Term Liability', 'Liability'), Active: false },
    ],
    classes: [
      { Id: RETAIL.value, Name: 'Retail', FullyQualifiedName: 'Stores:Retail', Active: true },
      { Id: WHOLESALE.value, Name: 'Wholesale', FullyQualifiedName: 'Stores:Wholesale', Active: false },
    ],
    departments: [
      { Id: BOSTON.value, Name: 'Boston', FullyQualifiedName: 'Boston', Active: true },
      { Id: CAMBRIDGE.value, Name: 'Cambridge', FullyQualifiedName: 'Cambridge', Active: false },
    ],
    items: [
      {
        Id: '3',
        Name: 'Paper',
        FullyQualifiedName: 'Paper',
        Type: 'NonInventory',
        Active: true,
        ExpenseAccountRef: { value: '11', name: 'Office Supplies' },
      },
    ],
    purchases: [
      {
        Id: '101',
        TxnDate: '2025-02-10',
        PaymentType: 'CreditCard',
        AccountRef: { value: '33', name: 'Visa' },
        CurrencyRef: { value: 'USD', name: 'United States Dollar' },
        DepartmentRef: BOSTON,
        TotalAmt: 475,
        Line: [
          expenseLine('1', 450, '8', 'Software:Cloud hosting', {
            Description: 'Server hosting, February',
            classRef: RETAIL,
          }),
          expenseLine('2', 25, '10', 'Bank Charges'),
        ],
      },
      {
        Id: '102',
        TxnDate: '2025-03-01',
        PaymentType: 'CreditCard',
        Credit: true,
        AccountRef: { value: '33', name: 'Visa' },
        CurrencyRef: { value: 'USD', name: 'United States Dollar' },
        DepartmentRef: BOSTON,
        TotalAmt: 60,
        Line: [expenseLine('1', 60, '7', 'Advertising', { Description: 'Refunded ad credit' })],
      },
      {
        Id: '103',
        TxnDate: '2025-03-05',
        DocNumber: '1042',
        PaymentType: 'Check',
        AccountRef: { value: '35', name: 'Checking' },
        DepartmentRef: BOSTON,
        TotalAmt: 1800,
        Line: [
          expenseLine('1', 300, '7', 'Advertising', { Description: 'Spring campaign' }),
          expenseLine('2', 1000, '34', 'Loan Payable', { Description: 'Loan repayment' }),
          expenseLine('3', 500, '36', 'Equipment Loan (deleted)', {
            Description: 'Final equipment loan repayment',
          }),
        ],
      },
    ],
    bills: [
      {
        Id: '201',
        DocNumber: 'INV-884',
        TxnDate: '2025-01-20',
        CurrencyRef: { value: 'EUR', name: 'Euro' },
        VendorRef: { value: '56', name: 'Lex & Partners' },
        TotalAmt: 1280,
        Line: [
          expenseLine('1', 1200, '9', 'Legal & Professional Fees', { classRef: WHOLESALE }),
          itemLine('2', { value: '3', name: 'Paper' }, 8, 10),
        ],
      },
      {
        Id: '202',
        TxnDate: '2024-11-15',
        CurrencyRef: { value: 'USD', name: 'United States Dollar' },
        DepartmentRef: CAMBRIDGE,
        VendorRef: { value: '57', name: 'Staples' },
        TotalAmt: 200,
        Line: [expenseLine('1', 200, '11', 'Office Supplies')],
      },
      // Voided: QuickBooks keeps the bill and its lines, every amount 0.
      {
        Id: '203',
        DocNumber: 'INV-900',
        TxnDate: '2025-02-02',
        CurrencyRef: { value: 'USD', name: 'United States Dollar' },
        VendorRef: { value: '57', name: 'Staples' },
        PrivateNote: 'Voided',
        TotalAmt: 0,
        Line: [expenseLine('1', 0, '11', 'Office Supplies', { Description: 'Printer paper' })],
      },
    ],
    vendorCredits: [],
    income: { 2024: 40000, 2025: 52500.5 },
    ...overrides,
  };
}
