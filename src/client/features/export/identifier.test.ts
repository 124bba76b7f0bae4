import { describe, expect, test } from 'bun:test';
import { LEI_SCHEME } from '../../../domain/contracts/export';
import {
  COMPANIES_HOUSE_SCHEME,
  defaultIdentifierKind,
  entityIdentifierOf,
  identifierProblem,
  normaliseIdentifier,
  profileChangeOf,
  profileIdentifierValue,
} from './identifier';

const LEI = '5493001KJTIIGC8Y1R12';

describe('entity identifier', () => {
  test('is asked for XBRL only', () => {
    expect(identifierProblem('lei', '', 'pdf')).toBeNull();
    expect(identifierProblem('company_number', '  ', 'csv')).toBeNull();
    expect(identifierProblem('lei', '', 'xbrl')).toContain('Enter your LEI');
    expect(identifierProblem('company_number', '', 'xbrl')).toContain('Enter your company number');
  });

  test('an LEI is 20 letters and digits whose check digits match', () => {
    expect(identifierProblem('lei', LEI, 'xbrl')).toBeNull();
    expect(identifierProblem('lei', ' 5493001kjtiigc8y1r12 ', 'pdf')).toBeNull();
    expect(identifierProblem('lei', LEI.slice(0, 19), 'xbrl')).toContain(
      'An LEI has exactly 20 letters and digits',
    );
    expect(identifierProblem('lei', '5493001KJTIIGC8Y1R13', 'xbrl')).toContain('check digits');
    expect(identifierProblem('lei', '5493001KJTIIGC8Y1R13', 'xbrl')).toContain('expected 12');
  });

  test('a company number is 8 digits or a Companies House prefix then 6 digits', () => {
    expect(identifierProblem('company_number', '01234567', 'xbrl')).toBeNull();
    expect(identifierProblem('company_number', 'sc123456', 'xbrl')).toBeNull();
    expect(identifierProblem('company_number', '1234567', 'xbrl')).toContain('as 01234567');
    expect(identifierProblem('company_number', 'SC12345X', 'xbrl')).toContain('8 digits');
    expect(identifierProblem('company_number', 'XX123456', 'xbrl')).toContain('8 digits');
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
