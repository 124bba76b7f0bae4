import { describe, expect, test } from 'bun:test';
import type { Narrative } from '../../../domain/contracts/narratives';
import type { EditableTarget } from './editor-target';
import { checkNarrative, narrativeFormStart } from './narrative-form';

const NEW: EditableTarget = { kind: 'new', section: 'environmental', framework: 'gri', generated: null };
const narrative: Narrative = {
  id: 'n1',
  section: 'environmental',
  framework: 'gri',
  content: 'We planted 40 trees.',
  status: 'draft',
  aiGenerated: false,
  version: 1,
  updatedAt: '2026-11-26T10:00:00.000Z',
  year: 2025,
  confirmedNumbers: ['40'],
  unsupportedNumbers: [],
  updatedBy: null,
};
const EXISTING: EditableTarget = { kind: 'existing', narrative };

describe('the narrative editor form', () => {
  test('refuses a blank text with the contract message, for a new narrative and an edit', () => {
    for (const target of [NEW, EXISTING]) {
      expect(checkNarrative(target, { content: '  \n ', confirmedNumbers: [] })).toEqual({
        ok: false,
        errors: { content: 'Please enter narrative content' },
      });
    }
  });

  test('refuses a control character as the server would', () => {
    expect(checkNarrative(NEW, { content: 'Trees\u0007 planted.', confirmedNumbers: [] })).toEqual({
      ok: false,
      errors: { content: 'The narrative contains characters that are not allowed' },
    });
  });

  test('creates a new narrative with its section, framework and the confirmations still in the text', () => {
    const result = checkNarrative(NEW, { content: 'We planted 40 trees.', confirmedNumbers: ['40', '12'] });
    expect(result).toEqual({
      ok: true,
      payload: {
        kind: 'new',
        request: {
          section: 'environmental',
          framework: 'gri',
          content: 'We planted 40 trees.',
          aiGenerated: false,
          confirmedNumbers: ['40'],
        },
      },
    });
  });

  test("updates an existing narrative's text and confirmations, keeping its spaces", () => {
    const start = narrativeFormStart(EXISTING);
    expect(start).toEqual({
      values: { content: 'We planted 40 trees.', confirmedNumbers: ['40'] },
      year: 2025,
      flags: [],
    });
    expect(checkNarrative(EXISTING, { content: ' We planted 41 trees. ', confirmedNumbers: ['40'] })).toEqual(
      {
        ok: true,
        payload: {
          kind: 'existing',
          id: 'n1',
          changes: { content: ' We planted 41 trees. ', confirmedNumbers: [] },
        },
      },
    );
  });
});
