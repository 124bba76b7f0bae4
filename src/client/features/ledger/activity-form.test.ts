import { describe, expect, test } from 'bun:test';
import type { ActivityLine } from '../../../domain/contracts/ledger';
import {
  type ActivityFormValues,
  activityFormFromLine,
  activityFormSchema,
  emptyActivityForm,
  lineHasExtras,
  todayIso,
  validateActivityForm,
} from './activity-form';

const form = (patch: Partial<ActivityFormValues>): ActivityFormValues => ({
  ...emptyActivityForm({ siteId: 'site-1', today: '2025-03-31' }),
  ...patch,
});

const line: ActivityLine = {
  id: 'line-1',
  siteId: 'site-1',
  siteName: 'Head office',
  date: '2025-03-01',
  periodEnd: '2025-03-31',
  category: 'natural_gas',
  variant: null,
  quantity: 20_000,
  unit: 'kWh',
  spend: null,
  currency: null,
  source: 'manual',
  dataQuality: 'measured',
  evidenceUrl: null,
  reference: 'INV-7',
  results: [],
};

describe('manual activity line', () => {
  test('a quantity line becomes the contract payload; fields of other categories are null', () => {
    const result = validateActivityForm(
      form({
        quantity: '10,000',
        unit: 'kWh',
        instrument: 'certificate',
        radiativeForcing: true,
        calorificBasis: 'net',
      }),
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        siteId: 'site-1',
        date: '2025-03-31',
        periodEnd: null,
        category: 'electricity',
        variant: null,
        quantity: 10_000,
        unit: 'kWh',
        spend: null,
        currency: null,
        calorificBasis: null,
        supplierKgCO2ePerKWh: null,
        instrument: 'certificate',
        radiativeForcing: null,
        dataQuality: 'measured',
        reference: null,
        evidenceUrl: null,
      },
    });
  });

  test('a spend line sends spend and currency (upper case), not the quantity', () => {
    const result = validateActivityForm(
      form({
        category: 'purchased_goods',
        variant: '541611',
        amountKind: 'spend',
        quantity: '5',
        spend: '1200.50',
        currency: 'gbp',
        dataQuality: 'spend_based',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({ quantity: null, unit: null, spend: 1200.5, currency: 'GBP' });
  });

  test('gas keeps its calorific basis and flights their RF choice', () => {
    const gas = validateActivityForm(
      form({ category: 'natural_gas', quantity: '1', calorificBasis: 'gross' }),
    );
    expect(gas.ok && gas.payload.calorificBasis).toBe('gross');
    const flight = validateActivityForm(
      form({
        category: 'flight',
        variant: 'short_haul_average',
        quantity: '2000',
        unit: 'passenger-km',
        radiativeForcing: true,
      }),
    );
    expect(flight.ok && flight.payload.radiativeForcing).toBe(true);
  });

  test('says what is missing or wrong, by field', () => {
    const result = validateActivityForm(
      form({ siteId: '', date: '31/03/2025', quantity: 'lots', evidenceUrl: 'drive/bill.pdf' }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        siteId: 'Choose a site',
        date: 'Use a date like 2025-03-31',
        quantity: 'Enter a number',
        evidenceUrl: 'Use a web link starting with https://',
      },
    });
  });

  test('asks for the unit or currency that goes with the amount', () => {
    expect(validateActivityForm(form({ quantity: '5', unit: ' ' }))).toMatchObject({
      ok: false,
      errors: { unit: 'Enter the unit' },
    });
    expect(validateActivityForm(form({ amountKind: 'spend', spend: '5' }))).toMatchObject({
      ok: false,
      errors: { currency: 'Enter the currency' },
    });
    expect(validateActivityForm(form({ amountKind: 'spend', spend: '5', currency: 'pounds' }))).toMatchObject(
      {
        ok: false,
        errors: { currency: 'Use a three-letter currency code such as GBP' },
      },
    );
    expect(validateActivityForm(form({ quantity: '' }))).toMatchObject({
      ok: false,
      errors: { quantity: 'Enter the quantity' },
    });
  });

  test('refuses negative amounts and a period that ends before it starts', () => {
    expect(validateActivityForm(form({ quantity: '-3' }))).toMatchObject({
      ok: false,
      errors: { quantity: 'Quantity cannot be negative' },
    });
    expect(validateActivityForm(form({ quantity: '3', periodEnd: '2025-03-01' }))).toMatchObject({
      ok: false,
      errors: { periodEnd: 'The end of the period cannot be before its start' },
    });
  });

  test('editing fills the form from the line', () => {
    const values = activityFormFromLine(line);
    expect(values).toMatchObject({
      siteId: 'site-1',
      periodEnd: '2025-03-31',
      category: 'natural_gas',
      amountKind: 'quantity',
      quantity: '20000',
      reference: 'INV-7',
      calorificBasis: '',
    });
    expect(
      activityFormFromLine({ ...line, quantity: null, unit: null, spend: 40, currency: 'EUR' }).amountKind,
    ).toBe('spend');
  });

  test('settings the list did not return are left out of an edit, not cleared', () => {
    expect(lineHasExtras(line)).toBe(false);
    const result = validateActivityForm(activityFormFromLine(line), { keepUnknownExtras: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect('calorificBasis' in result.payload).toBe(false);
    expect('radiativeForcing' in result.payload).toBe(false);
    const withExtras = { ...line, calorificBasis: 'net' } as ActivityLine;
    expect(lineHasExtras(withExtras)).toBe(true);
    expect(activityFormFromLine(withExtras).calorificBasis).toBe('net');
  });

  test('today is a local calendar date', () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});

describe('variants', () => {
  test('categories that need a kind say so', () => {
    expect(
      validateActivityForm(form({ category: 'flight', quantity: '100', unit: 'passenger-km' })),
    ).toMatchObject({
      ok: false,
      errors: { variant: 'Choose the kind of activity' },
    });
    const flight = validateActivityForm(
      form({ category: 'flight', variant: 'long_haul_economy', quantity: '100', unit: 'passenger-km' }),
    );
    expect(flight.ok && flight.payload.variant).toBe('long_haul_economy');
  });

  test('categories without kinds never send one', () => {
    const result = validateActivityForm(form({ category: 'electricity', variant: 'green', quantity: '1' }));
    expect(result.ok && result.payload.variant).toBeNull();
  });
});

describe('activityFormSchema', () => {
  test('gives the contract payload for values that pass', () => {
    const result = activityFormSchema({ keepUnknownExtras: false }).safeParse(form({ quantity: '1,200' }));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ quantity: 1200, unit: 'kWh', siteId: 'site-1' });
  });

  test('puts each message on its own field', () => {
    const result = activityFormSchema({ keepUnknownExtras: false }).safeParse(
      form({ quantity: 'lots', evidenceUrl: 'drive/bill.pdf' }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(messages).toEqual({
      quantity: 'Enter a number',
      evidenceUrl: 'Use a web link starting with https://',
    });
  });
});
