// Which accounts of an accounting export are purchases (counted) and which are left out, and why
// (decision 050). The account TYPE decides where the export has a type column (QuickBooks
// AccountTypeEnum, Xero AccountType, Sage Business Cloud ledger account types); without one the
// account name decides, then, in a Sage export, the Sage UK standard nominal code ranges.
// Fixed assets are counted: a new oven is a purchase (GHG Protocol scope 3 category 2, capital
// goods); its depreciation is left out, or the oven would count twice.

/** Why rows are left out of an accounting import. */
export const LEFT_OUT_REASONS = [
  'transfer',
  'vat',
  'payroll',
  'income',
  'financial',
  'depreciation',
  'not_counted_account',
  'refund',
  'zero',
  'needs_quantity',
  'totals',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** Plain words for each reason, shown in the preview and the import's answer. */
export const LEFT_OUT_LABELS: Record<LeftOutReason, { label: string; why: string }> = {
  transfer: { label: 'Transfers', why: 'Money moved between your own accounts is not a purchase.' },
  vat: { label: 'VAT and sales tax', why: 'Spend is counted net of VAT; the tax itself has no emissions.' },
  payroll: {
    label: 'Wages, payroll, PAYE and pensions',
    why: 'Pay is not a purchase of goods or services.',
  },
  income: { label: 'Sales and other income', why: 'Money coming in is not spend.' },
  financial: {
    label: 'Bank, loans, interest, equity, debtors and creditors',
    why: 'Balance-sheet and finance entries are not purchases.',
  },
  depreciation: {
    label: 'Depreciation',
    why: 'The asset counts once, when it was bought; depreciation would count it again.',
  },
  not_counted_account: {
    label: 'Accounts you chose to leave out',
    why: 'You mapped these accounts to "Leave out".',
  },
  refund: {
    label: 'Refunds and credit notes',
    why: 'Negative amounts are not subtracted from other lines; check the spend they reduce.',
  },
  zero: { label: 'Zero amounts', why: 'A line of £0 has nothing to count.' },
  needs_quantity: {
    label: 'Energy and water bills without a quantity',
    why: 'These accounts count by kWh, litres or m³, and the memo did not state one: add the quantity from the bill.',
  },
  totals: { label: 'Totals and balance rows', why: 'Report totals repeat the lines above them.' },
};

export type AccountExclusion = Exclude<
  LeftOutReason,
  'not_counted_account' | 'refund' | 'zero' | 'needs_quantity' | 'totals' | 'transfer'
>;

/**
 * Account types → counted (null) or the reason they are left out. Keys are the type as exported,
 * lower-cased with spaces and punctuation removed, so "Cost of Goods Sold", "DIRECTCOSTS" and
 * "Direct Costs" meet. Sources: QuickBooks Finance.xsd AccountTypeEnum; Xero OpenAPI AccountType
 * (and its report labels); Sage Business Cloud Accounting ledger account types.
 */
const TYPE_TABLE: Record<string, AccountExclusion | null> = {
  // Counted: purchases of goods and services, and capital purchases.
  expense: null,
  otherexpense: null,
  costofgoodssold: null,
  costofsales: null,
  directcosts: null,
  directexpenses: null,
  overhead: null,
  overheads: null,
  fixedasset: null,
  fixedassets: null,
  fixed: null,
  // Income.
  income: 'income',
  otherincome: 'income',
  revenue: 'income',
  sales: 'income',
  // Pay (Xero AU/NZ/UK PAYG and wages-payable accounts).
  payg: 'payroll',
  payglibility: 'payroll',
  wagesexpense: 'payroll',
  wagespayable: 'payroll',
  // Depreciation.
  depreciation: 'depreciation',
  depreciatn: 'depreciation',
  // Balance sheet and finance.
  bank: 'financial',
  creditcard: 'financial',
  accountsreceivable: 'financial',
  accountsreceivablear: 'financial',
  accountspayable: 'financial',
  accountspayableap: 'financial',
  othercurrentasset: 'financial',
  otherasset: 'financial',
  currentasset: 'financial',
  currentassets: 'financial',
  current: 'financial',
  noncurrentasset: 'financial',
  noncurrent: 'financial',
  prepayment: 'financial',
  inventory: 'financial',
  othercurrentliability: 'financial',
  currentliability: 'financial',
  currentliabilities: 'financial',
  currliab: 'financial',
  liability: 'financial',
  longtermliability: 'financial',
  noncurrentliability: 'financial',
  termliab: 'financial',
  futureliabilities: 'financial',
  equity: 'financial',
  nonposting: 'financial',
};

/** Account names that say what the account is, whatever its type (checked in order). */
const NAME_RULES: ReadonlyArray<readonly [RegExp, AccountExclusion]> = [
  [/\b(vat|gst|hst|sales tax|tax control|input tax|output tax)\b/i, 'vat'],
  [
    /\b(wages?|salar(y|ies)|payroll|paye|national insurance|employer'?s?'? ni|pensions?|directors'? (remuneration|fees)|ssp|smp|staff costs?)\b/i,
    'payroll',
  ],
  [/\b(depreciation|amorti[sz]ation)\b/i, 'depreciation'],
  // "Cost of sales" is a purchases account, not income.
  [/(?<!cost of )\b(sales|revenue|turnover|income|interest received|grants? received)\b/i, 'income'],
  [
    /\b(bank interest|interest paid|loans?|hire purchase|mortgage|dividends?|corporation tax|suspense|mispostings?|retained earnings|capital introduced|drawings|debtors|creditors|accounts (receivable|payable)|trade (debtors|creditors)|opening balance|undeposited funds|petty cash|current account|savings account|director'?s? loan|share capital|bad debts?|write.?offs?)\b/i,
    'financial',
  ],
  // Bank and card accounts by their bank's name (QuickBooks' report has no type column): their rows
  // repeat, as payments, the purchases booked on expense accounts. "Bank charges" stays a purchase.
  [
    /^(?!.*\b(charges?|fees?)\b).*\b(bank account|current account|business account|savings|barclays|lloyds|hsbc|natwest|santander|monzo|starling|tide|revolut|metro bank|nationwide|paypal|stripe|credit card|amex|american express)\b/i,
    'financial',
  ],
];

/** Sage UK standard chart of accounts (Sage 50 / Sage Business Cloud UK): nominal code ranges. */
const SAGE_UK_RANGES: ReadonlyArray<readonly [number, number, AccountExclusion | null]> = [
  [0, 999, null], // fixed assets (purchases counted; depreciation codes are caught by name)
  [1000, 1999, 'financial'], // stock, debtors, bank, cash
  [2000, 2199, 'financial'], // creditors, accruals
  [2200, 2209, 'vat'], // 2200 sales tax control, 2201 purchase tax control, 2202 VAT liability
  [2210, 2229, 'payroll'], // 2210 PAYE, 2211 national insurance, 2220–2229 pensions
  [2230, 2999, 'financial'], // other liabilities, loans, hire purchase
  [3000, 3999, 'financial'], // capital and reserves
  [4000, 4999, 'income'], // sales and other income
  [5000, 6999, null], // purchases and direct expenses
  [7000, 7099, 'payroll'], // gross wages, salaries, employer's NI and pensions
  [7100, 7999, null], // overheads (rent, utilities, motor, travel, printing, phone, fees, repairs)
  [8000, 8099, 'depreciation'],
  [8100, 8199, 'financial'], // bad debts
  [8200, 8999, null], // other overheads
  [9000, 9999, 'financial'], // suspense and mispostings
];

function typeKey(type: string): string {
  return type.toLowerCase().replace(/[^a-z]/g, '');
}

export interface ExportAccount {
  /** The account's code as exported ("429", "7200"), or null. */
  code: string | null;
  name: string;
  /** The account's type as exported, or null when the export has no type column. */
  type: string | null;
}

/**
 * Null when the account's lines are purchases to map and count; else why they are left out.
 * Order: a VAT, pay or depreciation name; a known type; the other names; (Sage only) the code range.
 */
export function accountExclusion(account: ExportAccount, useSageRanges = false): AccountExclusion | null {
  const byName = NAME_RULES.find(([pattern]) => pattern.test(account.name))?.[1];
  // VAT, pay and depreciation are what the name says whatever the type: a "VAT" account is a
  // liability, "Wages" an expense, "Accumulated depreciation" a fixed asset.
  if (byName === 'vat' || byName === 'payroll' || byName === 'depreciation') return byName;
  if (account.type) {
    const key = typeKey(account.type);
    if (key in TYPE_TABLE) return TYPE_TABLE[key] ?? null;
  }
  if (byName) return byName;
  if (useSageRanges && account.code && /^\d{4}$/.test(account.code)) {
    const code = Number(account.code);
    const range = SAGE_UK_RANGES.find(([low, high]) => code >= low && code <= high);
    if (range) return range[2];
  }
  return null;
}

/** A transaction type that moves money between the company's own accounts. */
export function isTransferType(transactionType: string | null): boolean {
  return transactionType !== null && /\btransfer\b/i.test(transactionType);
}
