import { describe, expect, test } from 'bun:test';
import type { Narrative, NarrativeFramework } from '../../../../domain/contracts/narratives.ts';
import { narrativeSection } from './snapshot-sections.ts';

function narrative(framework: NarrativeFramework, content: string): Narrative {
  return {
    id: `${framework}-${content}`,
    section: 'environmental',
    framework,
    content,
    status: 'approved',
    aiGenerated: true,
    version: 1,
    updatedAt: '2026-01-10T00:00:00Z',
    year: 2025,
    confirmedNumbers: [],
    unsupportedNumbers: [],
    updatedBy: null,
  };
}

describe('narrativeSection', () => {
  // Most recently saved first, as listNarratives answers.
  const saved = [
    narrative('gri', 'GRI text'),
    narrative('secr', 'SECR text'),
    narrative('csrd', 'VSME text'),
  ];

  test("an SECR report takes the narrative written in SECR's words, a CSRD report the VSME one (issue 18)", () => {
    expect(narrativeSection(saved, 2025, 'secr').map((entry) => entry.content)).toEqual(['SECR text']);
    expect(narrativeSection(saved, 2025, 'csrd').map((entry) => entry.content)).toEqual(['VSME text']);
  });

  test('falls back to the most recently saved when none matches the framework', () => {
    expect(narrativeSection(saved, 2025, 'tcfd').map((entry) => entry.content)).toEqual(['GRI text']);
  });
});
