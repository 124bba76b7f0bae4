/**
 * Books for the credit tests of tests/integration/connectors-quickbooks-credits.test.ts, in the
 * Accounting API's shapes: item-based bill lines (an inventory item charged to cost of goods sold,
 * an inactive item, an item with no expense account), vendor credits and card credits that net
 * against them. The amounts the test expects are worked out beside each document.
 */
import {
  account,
  expenseLine,
  type FakeQbTransaction,
  type FakeQuickBooksData,
  itemLine,
  RETAIL,
  sampleQuickBooksData,
} from './quickbooks-data.ts';

export const OAK = { value: '20', name: 'Oak planks' };
export const GIFT_CARDS = { value: '21', name: 'Gift cards' };
export const TONER = { value: '22', name: 'Toner' };

const USD = { value: 'USD', name: 'United States Dollar' };

const bill = (Id: string, TxnDate: string, Line: FakeQbTransaction['Line']): FakeQbTransaction => ({
  Id,
  TxnDate,
  CurrencyRef: USD,
  VendorRef: { value: '60', name: 'Timber Supply' },
  TotalAmt: Line.reduce((sum, line) => sum + line.Amount, 0),
  Line,
});

/** A Purchase names its payee as EntityRef (Finance.xsd), where a Bill has VendorRef. */
const asPurchase = ({ VendorRef, ...rest }: FakeQbTransaction): FakeQbTransaction => ({
  ...rest,
  EntityRef: { ...VendorRef!, type: 'Vendor' },
});

/** A card credit (Purchase with Credit = true): a refund to the card. */
export const cardCredit = (
  Id: string,
  TxnDate: string,
  Line: FakeQbTransaction['Line'],
): FakeQbTransaction => ({
  ...asPurchase(bill(Id, TxnDate, Line)),
  PaymentType: 'CreditCard',
  Credit: true,
  AccountRef: { value: '33', name: 'Visa' },
});

export function creditsQuickBooksData(): FakeQuickBooksData {
  const sample = sampleQuickBooksData();
  return {
    ...sample,
    accounts: [
      ...sample.accounts,
      account('80', 'Cost of Goods Sold', 'Cost of Goods Sold', 'Expense', '5000'),
    ],
    items: [
      {
        Id: OAK.value,
        Name: 'Oak planks',
        FullyQualifiedName: 'Timber:Oak planks',
        Type: 'Inventory',
        Active: true,
        ExpenseAccountRef: { value: '80', name: 'Cost of Goods Sold' },
      },
      // Sold, never bought: no expense account, so a purchase of it cannot be placed.
      {
        Id: GIFT_CARDS.value,
        Name: 'Gift cards',
        FullyQualifiedName: 'Gift cards',
        Type: 'Service',
        Active: true,
      },
      // Made inactive after it was bought: only a query naming Active finds it.
      {
        Id: TONER.value,
        Name: 'Toner',
        FullyQualifiedName: 'Toner',
        Type: 'NonInventory',
        Active: false,
        ExpenseAccountRef: { value: '11', name: 'Office Supplies' },
      },
    ],
    purchases: [
      // Advertising, no tracking, April: 200 (Bill 301) + 120 = 320, less the 32 card credit of
      // Purchase 502 pro rata: 200 − 20 = 180, 120 − 12 = 108.
      {
        ...asPurchase(bill('501', '2025-04-10', [expenseLine('1', 120, '7', 'Advertising')])),
        PaymentType: 'CreditCard',
      },
      cardCredit('502', '2025-04-15', [expenseLine('1', 32, '7', 'Advertising')]),
      // Cost of goods sold, Retail, May: 180 (Bill 303) − 30 = 150.
      cardCredit('503', '2025-05-05', [itemLine('1', OAK, 1, 30, { classRef: RETAIL })]),
    ],
    bills: [
      bill('301', '2025-04-03', [
        // Cost of goods sold, Retail, April: 450 + 50 = 500, less VC-401's 90 pro rata:
        // 450 − 81 = 369, 50 − 9 = 41.
        itemLine('1', OAK, 10, 45, { classRef: RETAIL }),
        itemLine('2', OAK, 2, 25, { classRef: RETAIL }),
        itemLine('3', GIFT_CARDS, 1, 100),
        expenseLine('4', 200, '7', 'Advertising'),
      ]),
      bill('302', '2025-04-20', [
        // Office Supplies, no tracking, April: 99.99 − 33.33 (VC-402) = 66.66.
        itemLine('1', TONER, 3, 33.33),
        // Legal, Retail, April: 300 − 500 (VC-401) → 0, 200 left over.
        expenseLine('2', 300, '9', 'Legal & Professional Fees', { classRef: RETAIL }),
      ]),
      bill('303', '2025-05-02', [itemLine('1', OAK, 4, 45, { classRef: RETAIL })]),
    ],
    vendorCredits: [
      {
        ...bill('401', '2025-04-25', [
          itemLine('1', OAK, 2, 45, { classRef: RETAIL }),
          expenseLine('2', 500, '9', 'Legal & Professional Fees', { classRef: RETAIL }),
          // Advertising with the Retail class: April's advertising has no class, so all 20 are left over.
          expenseLine('3', 20, '7', 'Advertising', { classRef: RETAIL }),
        ]),
        DocNumber: 'VC-401',
      },
      { ...bill('402', '2025-04-30', [itemLine('1', TONER, 1, 33.33)]), DocNumber: 'VC-402' },
    ],
  };
}
