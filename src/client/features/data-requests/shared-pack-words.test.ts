import { describe, expect, test } from 'bun:test';
import {
  factValueWords,
  formatDate,
  periodWords,
  refusalWords,
  sharedTokenFromHash,
  sourceWords,
} from './shared-pack-words';

describe('a shared fact in words', () => {
  test('a figure with its unit, yes or no, text, and no value', () => {
    expect(factValueWords({ value: 12345.678, unit: 'tCO2e', status: 'answered' })).toBe('12,345.678 tCO2e');
    expect(factValueWords({ value: true, unit: null, status: 'answered' })).toBe('Yes');
    expect(factValueWords({ value: 'LED lighting', unit: null, status: 'answered' })).toBe('LED lighting');
    expect(factValueWords({ value: null, unit: 'm3', status: 'missing' })).toBe('Not answered');
    expect(factValueWords({ value: null, unit: null, status: 'declined' })).toBe('Declined');
  });

  test('an enumeration reads as its label, not its taxonomy URL', () => {
    const member = 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme#OptionABasicModuleOnlyMember';
    expect(
      factValueWords({ value: member, displayValue: 'Basic module only', unit: null, status: 'answered' }),
    ).toBe('Basic module only');
    // A pack signed before displayValue existed still shows its value.
    expect(factValueWords({ value: member, unit: null, status: 'answered' })).toBe(member);
  });

  test('periods, dates and sources', () => {
    expect(formatDate('2025-12-31')).toBe('31 Dec 2025');
    expect(periodWords({ start: '2025-01-01', end: '2025-12-31' })).toBe('1 Jan 2025 – 31 Dec 2025');
    expect(periodWords({ start: null, end: '2025-12-31' })).toBe('At 31 Dec 2025');
    expect(periodWords(null)).toBe('—');
    expect(
      sourceWords({ kind: 'ledger', label: 'Scope 1 of 2025', datasets: ['DESNZ 2025', 'DEFRA 2024'] }),
    ).toBe('Ledger: Scope 1 of 2025 · factors DESNZ 2025, DEFRA 2024');
    expect(
      sourceWords({ kind: 'evidence', label: 'Energy policy', fileName: 'policy.pdf', sha256: 'ab12' }),
    ).toBe('Evidence file: Energy policy · policy.pdf · SHA-256 ab12');
    expect(sourceWords({ kind: 'checklist', label: 'ESG checklist: Legal form' })).toBe(
      'ESG checklist: Legal form',
    );
    expect(sourceWords({ kind: 'evidence', label: 'Evidence file', fileName: 'bill.pdf' })).toBe(
      'Evidence file · bill.pdf',
    );
  });
});

describe('the shared page address and refusals', () => {
  test('reads the token from the fragment of /shared#{token} only', () => {
    expect(sharedTokenFromHash('#Abc_12-x')).toBe('Abc_12-x');
    expect(sharedTokenFromHash('')).toBeNull();
    expect(sharedTokenFromHash('#')).toBeNull();
    expect(sharedTokenFromHash('#a.b')).toBeNull();
    expect(sharedTokenFromHash('#a/b')).toBeNull();
  });

  test('a revoked, an expired and an unknown link each say what happened', () => {
    expect(refusalWords(410, 'share_revoked').title).toBe('This link was revoked');
    expect(refusalWords(410, 'share_expired').title).toBe('This link has expired');
    expect(refusalWords(404, undefined).title).toBe('This link does not exist');
    expect(refusalWords(429, undefined).title).toBe('Too many attempts');
    expect(refusalWords(500, undefined).title).toBe('The shared data could not be loaded');
  });
});
