import { describe, expect, test } from 'bun:test';
import { companyDetailsFrom, validateCompanyDetails } from './company-details';

describe('company details form', () => {
  test('starts empty before anything is saved, with no approach chosen', () => {
    expect(companyDetailsFrom(undefined)).toEqual({
      lei: '',
      companyNumber: '',
      consolidationApproach: '',
      organisationalBoundary: '',
    });
  });

  test('refuses an LEI whose check digits fail, naming the expected ones', () => {
    const result = validateCompanyDetails({
      ...companyDetailsFrom(undefined),
      lei: '5493001KJTIIGC8Y1R13',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.lei).toContain('expected 12');
  });

  test('sends no approach as null, never as a default one', () => {
    const result = validateCompanyDetails({ ...companyDetailsFrom(undefined), companyNumber: 'sc123456' });
    expect(result).toEqual({
      ok: true,
      payload: {
        lei: '',
        companyNumber: 'sc123456',
        consolidationApproach: null,
        organisationalBoundary: '',
      },
    });
  });
});
