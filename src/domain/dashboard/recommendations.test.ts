import { describe, expect, test } from 'bun:test';
import { type DashboardState, recommendationsFrom } from './recommendations.ts';

const done: DashboardState = {
  year: 2025,
  hasData: true,
  scopeLines: { scope1: 3, scope2: 12, scope3: 40 },
  notCountedLines: 0,
  missingRecords: [],
  narratives: { sections: [], totalSections: 4, approvedSections: 4, startedSections: 4 },
  compliance: {
    overallProgress: 100,
    sectionProgress: { environmental: 100, social: 100, governance: 100 },
    missingRequired: [],
  },
  reportCount: 1,
};

describe('dashboard recommendations', () => {
  test('nothing to recommend when the data, records, checklist, narratives and a report are there', () => {
    expect(recommendationsFrom(done)).toEqual([]);
  });

  test('counts the lines not counted in words, singular and plural, first of all steps', () => {
    expect(recommendationsFrom({ ...done, notCountedLines: 1 })[0]).toMatchObject({
      id: 'not_counted',
      title: '1 line not counted',
      text: '1 line of 2025 has no emissions yet, so it is missing from your totals. Open the ledger to see why and fix it.',
    });
    expect(recommendationsFrom({ ...done, notCountedLines: 1234 })[0]!.title).toBe('1,234 lines not counted');
  });

  test('names every scope with no figure in the year', () => {
    const [step] = recommendationsFrom({ ...done, scopeLines: { scope1: 0, scope2: 5, scope3: 0 } });
    expect(step).toMatchObject({ id: 'missing_scopes', title: 'No scope 1 and scope 3 figures for 2025' });
    expect(step!.text).toContain('scope 1 (fuel burned on site or in your vehicles)');
  });

  test('without any data, asks for it instead of naming scopes or lines', () => {
    const steps = recommendationsFrom({
      ...done,
      hasData: false,
      scopeLines: { scope1: 0, scope2: 0, scope3: 0 },
    });
    expect(steps.map((step) => step.id)).toEqual(['add_data']);
  });

  test('says which records, checklist items and narrative sections are still missing', () => {
    const steps = recommendationsFrom({
      ...done,
      missingRecords: ['workforce'],
      compliance: { ...done.compliance!, overallProgress: 66.6, missingRequired: ['a', 'b'] },
      narratives: { sections: [], totalSections: 4, approvedSections: 1, startedSections: 3 },
      reportCount: 0,
    });
    expect(steps.map((step) => [step.id, step.title, step.text])).toEqual([
      [
        'missing_records',
        'Add your 2025 company figures',
        'Your workforce breakdown for 2025 is not recorded: intensity and workforce figures stay blank until it is.',
      ],
      [
        'complete_checklist',
        '2 required indicators still empty',
        'Your checklist is 67% complete. Fill in the remaining required indicators.',
      ],
      [
        'approve_narratives',
        '1 of 4 narrative sections approved',
        '1 section not started and 2 sections waiting for your approval.',
      ],
      [
        'generate_report',
        'Generate your first report',
        'Export a PDF, CSV or XBRL report of your figures once they are complete.',
      ],
    ]);
  });
});
