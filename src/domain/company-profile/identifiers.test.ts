import { describe, expect, test } from 'bun:test';
import {
  COMPANIES_HOUSE_SCHEME,
  companyNumberProblem,
  identifierForFramework,
  isValidLei,
  LEI_SCHEME,
  leiCheckDigits,
  leiProblem,
} from './identifiers.ts';

describe('LEI (ISO 17442, ISO 7064 MOD 97-10)', () => {
  test('computes the check digits of published LEIs from their first 18 characters', () => {
    // GLEIF's own LEI and a register example.
    expect(leiCheckDigits('506700GE1G29325QX3')).toBe('63');
    expect(leiCheckDigits('529900T8BM49AURSDO')).toBe('55');
    expect(isValidLei('506700GE1G29325QX363')).toBe(true);
    expect(isValidLei('529900T8BM49AURSDO55')).toBe(true);
  });

  test('names the check digits and the expected pair when they fail', () => {
    expect(leiProblem('5493001KJTIIGC8Y1R13')).toContain(
      "The LEI's last two characters are check digits; 5493001KJTIIGC8Y1R13 fails the check (expected 12",
    );
    expect(leiProblem('5493001kjtiigc8y1r12')).toBeNull();
  });

  test('a transposed pair of characters fails the check', () => {
    expect(isValidLei('529900T8BM49AURSOD55')).toBe(false);
  });

  test('says how many characters an LEI of the wrong length has', () => {
    expect(leiProblem('ABC')).toBe('An LEI has exactly 20 letters and digits; ABC has 3.');
    expect(leiProblem('529900T8BM49AURSDO55X')).toContain('has 21');
  });
});

describe('UK company number (Companies House)', () => {
  test('takes 8 digits and the prefixed formats', () => {
    for (const number of [
      '01234567',
      'SC123456',
      'NI012345',
      'OC301234',
      'SO301234',
      'LP012345',
      'R0001234',
    ]) {
      expect(companyNumberProblem(number)).toBeNull();
    }
  });

  test('refuses other shapes, and offers the padded form of a short all-digit number', () => {
    expect(companyNumberProblem('1234567')).toContain('as 01234567');
    for (const number of ['XX123456', 'SC1234567', '123456789', 'SC12345A']) {
      expect(companyNumberProblem(number)).toContain('8 characters');
    }
  });
});

describe('identifier a report names the company by', () => {
  const both = { lei: '529900T8BM49AURSDO55', companyNumber: '01234567' };
  test('SECR takes the company number, every other framework the LEI', () => {
    expect(identifierForFramework(both, 'secr')).toEqual({
      scheme: COMPANIES_HOUSE_SCHEME,
      value: '01234567',
    });
    expect(identifierForFramework(both, 'csrd')).toEqual({ scheme: LEI_SCHEME, value: both.lei });
  });
  test('falls back on the other identifier, and is null when the profile has none', () => {
    expect(identifierForFramework({ ...both, companyNumber: null }, 'secr')?.scheme).toBe(LEI_SCHEME);
    expect(identifierForFramework({ ...both, lei: null }, 'csrd')?.scheme).toBe(COMPANIES_HOUSE_SCHEME);
    expect(identifierForFramework({ lei: null, companyNumber: null }, 'gri')).toBeNull();
  });
});
