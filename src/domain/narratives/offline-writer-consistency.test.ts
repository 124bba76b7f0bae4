// The built-in writer checked against its input (issue 18 item 7), for every section and framework
// and four companies: every sentence that says something is not recorded names the facts it means,
// and each of those is absent from the input by this test's own reading of it (not the writer's);
// no checklist status, quoted answers or template artefacts; 200–400 words; the framework's own
// language; the company's own actions and targets; and every number backed by the facts.
import { describe, expect, test } from 'bun:test';
import type { NarrativeFramework, NarrativeSection } from '../contracts/narratives.ts';
import { buildFactsPack } from './facts.ts';
import { findUnsupportedNumbers } from './number-check.ts';
import { countWords } from './offline-writer/draft.ts';
import { draftNarrative, writeNarrative } from './offline-writer.ts';
import { emptyCompanyInput, euManufacturerInput, ukBakeryInput, usCompanyInput } from './test-companies.ts';
import type { FactsInput } from './types.ts';

const SECTIONS: NarrativeSection[] = ['executive_summary', 'environmental', 'social', 'governance'];
const FRAMEWORKS: NarrativeFramework[] = ['gri', 'sasb', 'tcfd', 'csrd', 'secr'];
const COMPANIES: [string, () => FactsInput, NarrativeFramework][] = [
  ['UK SECR bakery, rich data', ukBakeryInput, 'secr'],
  ['EU VSME manufacturer, partial data', euManufacturerInput, 'csrd'],
  ['US company, little data', usCompanyInput, 'tcfd'],
  ['company with nothing recorded', emptyCompanyInput, 'secr'],
];

/** A sentence that claims something is absent. */
const ABSENCE =
  /\b(?:not|no|never)\b[^.;]*\b(?:recorded|reported|available|described|stated|set up)\b|\bmissing\b|\bstill to be\b|\b(?:has|have) not\b/i;

/** This test's own reading of the input: is the company's answer on anything matching `pattern` there? */
function answered(input: FactsInput, pattern: RegExp): boolean {
  return (input.checklist?.progress ?? []).some(
    (item) =>
      item.value.trim() !== '' &&
      !/^completed$/i.test(item.value.trim()) &&
      pattern.test(`${item.indicator} ${item.title}`),
  );
}

const carbonOf = (input: FactsInput) => input.metrics?.carbon;

/** Whether the input records each fact the writer may call absent (the oracle). */
const RECORDED: Record<string, (input: FactsInput) => boolean> = {
  sites: (input) => input.sites.length > 0,
  emissions: (input) => {
    const carbon = carbonOf(input);
    return (
      !!carbon && [carbon.total, carbon.scope1, carbon.scope2Location, carbon.scope3].some((q) => q.value > 0)
    );
  },
  previousEmissions: (input) =>
    (input.previousMetrics?.carbon.total.value ?? 0) > 0 || answered(input, /prior.year.*emission/i),
  intensity: (input) =>
    !!carbonOf(input)?.intensityPerRevenue ||
    !!carbonOf(input)?.intensityPerEmployee ||
    answered(input, /intensity/i),
  datasets: (input) => (carbonOf(input)?.datasets.length ?? 0) > 0,
  energy: (input) => (input.metrics?.energy.total.value ?? 0) > 0,
  renewableShare: (input) => input.metrics?.energy.renewableShare != null || answered(input, /renewable/i),
  water: (input) => (input.metrics?.water.value ?? 0) > 0 || answered(input, /water/i),
  workforce: (input) =>
    (input.metrics?.workforce?.headcount ?? 0) > 0 || answered(input, /employees|headcount/i),
  femaleShare: (input) => input.metrics?.workforce?.femaleShare != null || answered(input, /gender/i),
  leadershipFemaleShare: (input) => input.metrics?.workforce?.leadershipFemaleShare != null,
  training: (input) =>
    input.metrics?.workforce?.trainingHoursPerEmployee != null || answered(input, /training/i),
  accidents: (input) => answered(input, /accident/i),
  target: (input) => !!carbonOf(input)?.target || answered(input, /target/i),
  efficiencyActions: (input) => answered(input, /efficien|practices|transition/i),
  methodology: (input) => answered(input, /methodolog|basis.for.preparation/i),
  oversight: (input) => answered(input, /responsib|oversight|role/i),
  climateRisk: (input) => answered(input, /risk|scenario/i),
  checklist: (input) => !!input.checklist?.initializedVersion,
};

function isRecorded(input: FactsInput, key: string): boolean {
  if (key.startsWith('answer:')) {
    const indicator = key.slice('answer:'.length);
    return (input.checklist?.progress ?? []).some(
      (item) => item.indicator === indicator && item.value.trim() !== '',
    );
  }
  const oracle = RECORDED[key];
  if (!oracle) throw new Error(`No oracle for the fact key ${key}`);
  return oracle(input);
}

/**
 * Other frameworks' words that must not appear. The company's regime (SECR, the CSRD's VSME) may be
 * named as a fact in a GRI, SASB or TCFD draft; GRI, SASB and TCFD wording never in an SECR or VSME
 * one (issue 18: "GRI wording inside an SECR report").
 */
const OTHER_FRAMEWORKS: Record<NarrativeFramework, RegExp> = {
  gri: /\b(?:SASB|TCFD)\b/,
  sasb: /\b(?:GRI|TCFD)\b/,
  tcfd: /\b(?:GRI|SASB)\b/,
  csrd: /\b(?:GRI|SASB|TCFD|SECR)\b/,
  secr: /\b(?:GRI|SASB|TCFD|VSME)\b/,
};

for (const [name, makeInput, ownFramework] of COMPANIES) {
  const input = makeInput();
  const facts = buildFactsPack(input);
  describe(`${name}`, () => {
    for (const framework of FRAMEWORKS) {
      for (const section of SECTIONS) {
        describe(`${section} × ${framework}${framework === ownFramework ? ' (its own framework)' : ''}`, () => {
          const draft = draftNarrative({ section, framework, facts });
          const sentences = draft.paragraphs.flat();

          test('is the text the server sends', () => {
            expect(writeNarrative({ section, framework, facts })).toBe(draft.text);
          });

          test('says something is missing only with the fact it means, and only when the input lacks it', () => {
            for (const sentence of sentences) {
              if (ABSENCE.test(sentence.text))
                expect({ sentence: sentence.text, absent: sentence.absent.length > 0 }).toEqual({
                  sentence: sentence.text,
                  absent: true,
                });
              for (const key of sentence.absent) {
                expect({ key, sentence: sentence.text, recorded: isRecorded(input, key) }).toEqual({
                  key,
                  sentence: sentence.text,
                  recorded: false,
                });
              }
            }
            expect(new Set(draft.absent)).toEqual(new Set(sentences.flatMap((sentence) => sentence.absent)));
          });

          test('shows no checklist status, quoted answer or template artefact', () => {
            expect(draft.text).not.toMatch(/%\s*complete|\bchecklist is\b|\bchecklist\b/i);
            expect(draft.text).not.toMatch(
              /the company reports:|["“”]|[{}]|\bundefined\b|\bnull\b|\bNaN\b|\[object/,
            );
            expect(draft.text).not.toMatch(/\w_\w/);
            for (const item of input.checklist?.progress ?? [])
              expect(draft.text).not.toContain(item.indicator);
          });

          test('keeps to 200–400 words', () => {
            expect(countWords(draft.text)).toBeGreaterThanOrEqual(200);
            expect(countWords(draft.text)).toBeLessThanOrEqual(400);
          });

          test("uses only the framework's own language", () => {
            expect(draft.text).not.toMatch(OTHER_FRAMEWORKS[framework]);
          });

          test('writes only numbers the facts support', () => {
            expect(findUnsupportedNumbers(draft.text, facts)).toEqual([]);
          });
        });
      }
    }
  });
}

describe('the UK SECR bakery in its own framework', () => {
  const input = ukBakeryInput();
  const facts = buildFactsPack(input);
  const text = (section: NarrativeSection) => writeNarrative({ section, framework: 'secr', facts });

  test('reports the workforce figures it entered instead of calling them missing', () => {
    const social = text('social');
    expect(social).toContain('61% women');
    expect(social).toContain('14 hours');
    expect(social).toContain('two work-related accidents');
    expect(social).not.toMatch(/workforce figures|health and safety figures/i);
    expect(social).not.toMatch(/(?:accidents|gender balance|training)[^.]*not been recorded/i);
  });

  test('describes its first year instead of pasting the answer', () => {
    const environmental = text('environmental');
    expect(environmental).toContain('2025 is the first year the company reports these figures');
    expect(environmental).not.toContain('first year of reporting');
  });

  test('writes its efficiency actions and target as prose in SECR terms', () => {
    for (const section of ['environmental', 'executive_summary'] as const) {
      const draft = text(section);
      expect(draft).toContain('energy efficiency action');
      expect(draft).toContain('installed a new energy-efficient deck oven at the Hobbs Lane bakery in April');
      expect(draft).toContain('LED lighting');
      expect(draft).toContain('cut Scope 1 and 2 emissions by 50% by 2030 against a 2024 base year');
    }
    expect(text('environmental')).toContain('The intensity ratio was');
    expect(text('governance')).toContain("directors' report");
    expect(text('governance')).toContain('Priya Shah, Finance Manager, prepares the figures');
  });

  test('never states the checklist completion', () => {
    for (const section of SECTIONS) expect(text(section)).not.toMatch(/\b95\b/);
  });
});

describe('the EU VSME manufacturer in its own framework', () => {
  const facts = buildFactsPack(euManufacturerInput());
  const text = (section: NarrativeSection) => writeNarrative({ section, framework: 'csrd', facts });

  test('names VSME disclosures and its own practices', () => {
    expect(text('environmental')).toContain('VSME B3');
    expect(text('environmental')).toContain('variable-speed compressor');
    expect(text('social')).toContain('VSME B8');
    expect(text('social')).toContain('The company recorded no work-related accidents in 2025');
    expect(text('governance')).toContain('VSME B1');
  });

  test('names the water, gender balance, training and target it has not recorded', () => {
    const absent = new Set(
      SECTIONS.flatMap((section) => draftNarrative({ section, framework: 'csrd', facts }).absent),
    );
    for (const key of ['water', 'femaleShare', 'training', 'target'] as const) expect(absent).toContain(key);
    expect(absent).not.toContain('workforce');
  });
});

describe('the US company in its own framework', () => {
  const facts = buildFactsPack(usCompanyInput());

  test('takes its target from its own words, in every section that speaks of targets', () => {
    for (const section of ['executive_summary', 'environmental', 'governance'] as const) {
      const draft = draftNarrative({ section, framework: 'tcfd', facts });
      expect(draft.text).toContain('reduce Scope 1 and 2 emissions by 30% by 2030 from a 2024 baseline');
      expect(draft.absent).not.toContain('target');
    }
  });
});
