import { describe, expect, test } from 'bun:test';
import { LEI_SCHEME, type ReportFormat } from '../../../domain/contracts/export';
import { checkGenerator, type GeneratorDefaults, type GeneratorFormValues } from './generator-form';
import {
  COMPANIES_HOUSE_SCHEME,
  defaultIdentifierKind,
  entityIdentifierOf,
  type IdentifierKind,
  normaliseIdentifier,
  profileChangeOf,
  profileIdentifierValue,
} from './identifier';

const LEI = '5493001KJTIIGC8Y1R12';
const START: GeneratorFormValues = {
  format: 'pdf',
  framework: null,
  period: null,
  taxonomyVersion: '2026-05-01',
  download: true,
  email: false,
  identifierKind: null,
  identifier: null,
  saveIdentifier: true,
};
const PROFILE = {
  lei: null,
  companyNumber: null,
  consolidationApproach: null,
  organisationalBoundary: null,
  updatedAt: null,
};
const DEFAULTS: GeneratorDefaults = { jurisdiction: null, reportingPeriod: '2025', profile: PROFILE };

describe('entity identifier', () => {
  // The generator's check (generator-form.ts): the contract's messages on the identifier field.
  const identifierMessage = (kind: IdentifierKind, identifier: string, format: ReportFormat) => {
    const values = { ...START, format, framework: 'gri' as const, identifierKind: kind, identifier };
    const result = checkGenerator(values, DEFAULTS);
    return result.ok ? null : (result.errors.identifier ?? null);
  };

  test('is asked for XBRL only', () => {
    expect(identifierMessage('lei', '', 'pdf')).toBeNull();
    expect(identifierMessage('company_number', '  ', 'csv')).toBeNull();
    expect(identifierMessage('lei', '', 'xbrl')).toContain('Enter your LEI');
    expect(identifierMessage('company_number', '', 'xbrl')).toContain('Enter your company number');
  });

  test('an LEI is 20 letters and digits whose check digits match', () => {
    expect(identifierMessage('lei', LEI, 'xbrl')).toBeNull();
    expect(identifierMessage('lei', ' 5493001kjtiigc8y1r12 ', 'pdf')).toBeNull();
    expect(identifierMessage('lei', LEI.slice(0, 19), 'xbrl')).toContain(
      'An LEI has exactly 20 letters and digits',
    );
    expect(identifierMessage('lei', '5493001KJTIIGC8Y1R13', 'xbrl')).toContain('check digits');
    expect(identifierMessage('lei', '5493001KJTIIGC8Y1R13', 'pdf')).toContain('expected 12');
  });

  test('a company number is 8 digits or a Companies House prefix then 6 digits', () => {
    expect(identifierMessage('company_number', '01234567', 'xbrl')).toBeNull();
    expect(identifierMessage('company_number', 'sc123456', 'xbrl')).toBeNull();
    expect(identifierMessage('company_number', '1234567', 'xbrl')).toContain('as 01234567');
    expect(identifierMessage('company_number', 'SC12345X', 'xbrl')).toContain('8 digits');
    expect(identifierMessage('company_number', 'XX123456', 'xbrl')).toContain('8 digits');
  });

  test('follows the framework and the profile until picked or typed, and is sent normalised', () => {
    const profile = { ...PROFILE, companyNumber: '01234567' };
    const secr = checkGenerator({ ...START, format: 'xbrl' }, { ...DEFAULTS, jurisdiction: 'SECR', profile });
    expect(secr).toEqual({
      ok: true,
      payload: {
        format: 'xbrl',
        framework: 'secr',
        period: '2025',
        delivery: { download: true, email: false },
        entityIdentifier: { scheme: COMPANIES_HOUSE_SCHEME, value: '01234567' },
      },
    });
    const typed = checkGenerator(
      { ...START, format: 'xbrl', framework: 'csrd', identifier: LEI.toLowerCase() },
      { ...DEFAULTS, profile },
    );
    expect(typed.ok && typed.payload).toMatchObject({
      taxonomyVersion: '2026-05-01',
      entityIdentifier: { scheme: LEI_SCHEME, value: LEI },
    });
  });

  test('starts from the profile and saves only the field of its kind', () => {
    const profile = {
      lei: LEI,
      companyNumber: null,
      consolidationApproach: null,
      organisationalBoundary: null,
      updatedAt: null,
    };
    expect(profileIdentifierValue(profile, 'lei')).toBe(LEI);
    expect(profileIdentifierValue(profile, 'company_number')).toBe('');
    expect(profileIdentifierValue(undefined, 'lei')).toBe('');
    expect(profileChangeOf('company_number', 'sc 123456')).toEqual({ companyNumber: 'SC123456' });
    expect(profileChangeOf('lei', LEI.toLowerCase())).toEqual({ lei: LEI });
  });

  test('SECR reports default to the company number, the others to the LEI', () => {
    expect(defaultIdentifierKind('secr')).toBe('company_number');
    expect(defaultIdentifierKind('csrd')).toBe('lei');
    expect(defaultIdentifierKind('gri')).toBe('lei');
  });

  test('is sent with its scheme, in capitals, or not at all', () => {
    expect(normaliseIdentifier('sc 123 456')).toBe('SC123456');
    expect(entityIdentifierOf('lei', LEI.toLowerCase())).toEqual({ scheme: LEI_SCHEME, value: LEI });
    expect(entityIdentifierOf('company_number', '01234567')).toEqual({
      scheme: COMPANIES_HOUSE_SCHEME,
      value: '01234567',
    });
    expect(entityIdentifierOf('lei', ' ')).toBeUndefined();
  });
});
