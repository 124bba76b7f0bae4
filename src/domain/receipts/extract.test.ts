import { describe, expect, test } from 'bun:test';
import { SuggestedLineSchema } from '../contracts/receipts.ts';
import { extractReceipt } from './extract.ts';
import { amountsIn, datesIn, parseNumber } from './text-values.ts';

describe('reading printed numbers and dates', () => {
  test('reads UK, continental and lone-separator numbers', () => {
    expect(parseNumber('1,234.56')).toBe(1234.56);
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('62,01')).toBe(62.01);
    expect(parseNumber('1,234')).toBe(1234);
    expect(parseNumber('42.500', 'decimals')).toBe(42.5);
    expect(parseNumber('abc')).toBeNull();
  });

  test('finds money amounts with two decimals only', () => {
    expect(amountsIn('42.50 L @ 1.459 /L')).toEqual([42.5]);
    expect(amountsIn('TOTAL GBP £1,062.01')).toEqual([1062.01]);
    expect(amountsIn('Summe EUR 58,40')).toEqual([58.4]);
  });

  test('reads day-first, month-first, ISO and written dates', () => {
    expect(datesIn('Date: 14/03/2025 08:42')).toEqual(['2025-03-14']);
    expect(datesIn('03/04/2025')).toEqual(['2025-04-03']);
    expect(datesIn('03/04/2025', true)).toEqual(['2025-03-04']);
    expect(datesIn('Datum 14.03.25')).toEqual(['2025-03-14']);
    expect(datesIn('1 January 2025 to 31 Jan 2025')).toEqual(['2025-01-01', '2025-01-31']);
    expect(datesIn('March 7, 2025')).toEqual(['2025-03-07']);
    expect(datesIn('2025-02-30')).toEqual([]);
  });
});

describe('extracting receipts', () => {
  test('reads a UK diesel receipt into a measured diesel line', () => {
    const { receiptData, suggestedLine } = extractReceipt(
      'SHELL WOODSTOCK\n12 High Street, Oxford\nDate: 14/03/2025 08:42\nPump 4 DIESEL\n42.50 L @ 1.459 /L\nSUBTOTAL £51.67\nTOTAL GBP £62.01\nVAT 20% £10.34\n',
    );
    expect(receiptData).toMatchObject({
      vendor: 'SHELL WOODSTOCK',
      date: '2025-03-14',
      total: 62.01,
      currency: 'GBP',
      kind: 'fuel',
      litres: 42.5,
      fuelType: 'diesel',
    });
    expect(suggestedLine).toMatchObject({ category: 'diesel', quantity: 42.5, unit: 'litre', spend: 62.01 });
    expect(SuggestedLineSchema.parse(suggestedLine)).toBeTruthy();
  });

  test('converts US gallons of gasoline and reads month-first dates', () => {
    const { receiptData } = extractReceipt(
      'CHEVRON #0921\nSan Jose CA\n03/07/2025 14:05\nREGULAR UNLEADED\n10.250 GAL @ $4.599\nTOTAL $47.14',
    );
    expect(receiptData).toMatchObject({
      date: '2025-03-07',
      currency: 'USD',
      fuelType: 'petrol',
      total: 47.14,
    });
    expect(receiptData.litres).toBeCloseTo(38.8, 1);
  });

  test('reads an electricity bill with its period, kWh, supplier and green tariff', () => {
    const { receiptData, suggestedLine } = extractReceipt(
      'Octopus Energy\nYour electricity bill\nBill date: 5 February 2025\nBilling period 1 January 2025 to 31 January 2025\nTariff: Octopus 12M Fixed, 100% renewable electricity\nUnit rate 24.50p/kWh\nElectricity used 1,234 kWh\nStanding charge £16.74\nTotal amount due £318.07',
    );
    expect(receiptData).toMatchObject({
      kind: 'energy',
      kWh: 1234,
      periodStart: '2025-01-01',
      periodEnd: '2025-01-31',
      supplier: 'Octopus Energy',
      greenTariff: true,
      total: 318.07,
      date: '2025-02-05',
      energyType: 'electricity',
    });
    expect(suggestedLine).toMatchObject({
      category: 'electricity',
      quantity: 1234,
      unit: 'kWh',
      date: '2025-01-01',
      periodEnd: '2025-01-31',
      instrument: 'renewable_tariff',
    });
  });

  test('reads a German gas bill in euros as natural gas without a green tariff', () => {
    const { receiptData, suggestedLine } = extractReceipt(
      'Stadtwerke Musterstadt\nGasrechnung Gas\nZeitraum 01.01.2025 - 31.03.2025\nVerbrauch 4.321 kWh\nGesamtbetrag 512,40 €',
    );
    expect(receiptData).toMatchObject({ kWh: 4321, currency: 'EUR', total: 512.4, greenTariff: false });
    expect(suggestedLine?.category).toBe('natural_gas');
  });

  test('reads a hotel bill: nights from the dates when not stated', () => {
    const { receiptData, suggestedLine } = extractReceipt(
      'The Grand Harbour Hotel\nGuest folio\nArrival: 10/03/2025\nDeparture: 13/03/2025\nRoom 214 Double\nBalance due €435.00',
    );
    expect(receiptData).toMatchObject({ kind: 'hotel', nights: 3, total: 435, currency: 'EUR' });
    expect(suggestedLine).toMatchObject({
      category: 'hotel',
      quantity: 3,
      unit: 'room-night',
      date: '2025-03-10',
    });
  });

  test('suggests no line for a receipt without an emissions activity, and says so', () => {
    const { receiptData, suggestedLine } = extractReceipt(
      'Corner Café\n12/03/2025\nFlat white 3.20\nTotal £3.20',
    );
    expect(receiptData).toMatchObject({ kind: 'other', vendor: 'Corner Café', total: 3.2 });
    expect(suggestedLine).toBeNull();
    expect(receiptData.notes.join(' ')).toContain('No fuel, energy or hotel activity');
  });

  test('takes a vendor whose name starts like a label ("Vattenfall", not "VAT")', () => {
    expect(
      extractReceipt('Vattenfall Europe\nElectricity invoice\nVAT no 123\nUsed 10 kWh').receiptData.vendor,
    ).toBe('Vattenfall Europe');
  });

  test('says what it could not find instead of guessing', () => {
    const { receiptData, suggestedLine } = extractReceipt('FUEL\n30.00 L\n');
    expect(receiptData.fuelType).toBeNull();
    expect(receiptData.notes).toContain('Fuel type not found: choose diesel or petrol');
    expect(receiptData.notes).toContain('Date not found: enter it');
    expect(suggestedLine).toBeNull();
  });
});
