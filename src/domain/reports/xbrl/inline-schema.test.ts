// Every Inline XBRL document the product writes validates against the official Inline XBRL 1.1
// schema (XHTML 1.1 + ix), checked by ../shared/tools/ixbrl-schema-check.sh with xmllint, offline
// (issue 18). `.ci/run` installs xmllint (Debian libxml2-utils) as it installs Chromium.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { euVsmeManufacturer, everyVsmeIndicatorAnswered } from '../fixture-companies.ts';
import { demoSnapshot } from '../fixtures.ts';
import { scope3OnlySnapshot } from '../fixtures-provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { renderInlineXhtml } from './inline-xbrl.ts';

const SCRIPT = join(import.meta.dir, '../../../../../shared/tools/ixbrl-schema-check.sh');
const shared = existsSync(SCRIPT);

/** Runs the schema check on the documents; resolves with its exit code and what it printed. */
function schemaCheck(documents: Record<string, string>): { code: number; output: string } {
  const folder = mkdtempSync(join(tmpdir(), 'ixbrl-schema-'));
  try {
    const paths = Object.entries(documents).map(([name, xhtml]) => {
      const path = join(folder, `${name}.xhtml`);
      writeFileSync(path, xhtml);
      return path;
    });
    const run = Bun.spawnSync(['bash', SCRIPT, ...paths]);
    return { code: run.exitCode, output: `${run.stdout.toString()}${run.stderr.toString()}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Fixture companies: the demo bakery and the EU manufacturer (energy breakdown, euro intensity,
 * every checklist indicator answered) on both taxonomy versions, one without figures or extras.
 */
function fixtures(): Record<string, ReportSnapshot> {
  const bare = demoSnapshot({ title: 'Empty Co — Sustainability report 2025' });
  const manufacturer = (version: '2024-12-17' | '2026-05-01'): ReportSnapshot => {
    const snapshot = euVsmeManufacturer(version);
    return { ...snapshot, checklist: { ...snapshot.checklist!, answers: everyVsmeIndicatorAnswered('Yes') } };
  };
  return {
    'bakery-2026-05-01': demoSnapshot({ taxonomyVersion: '2026-05-01' }),
    'bakery-2024-12-17': demoSnapshot({ taxonomyVersion: '2024-12-17' }),
    'manufacturer-2026-05-01': manufacturer('2026-05-01'),
    'manufacturer-2024-12-17': manufacturer('2024-12-17'),
    'no-extras': { ...bare, narratives: [], checklist: null, target: null, water: null, waste: null },
    // Scope 1 and 2 not recorded: nil facts (xsi:nil, empty, no decimals; decision 086).
    'scope-3-only': scope3OnlySnapshot('csrd'),
    // The company profile's boundary section and FTE employees (decision 057).
    'profile-fte': (() => {
      const snapshot = demoSnapshot();
      snapshot.company = {
        ...snapshot.company,
        employees: 24.5,
        employeesBasis: 'fte',
        consolidationApproach: 'equity_share',
        organisationalBoundary: 'Northwind Bakery Ltd & its 40 % share of Avon <Mills> Ltd',
      };
      return snapshot;
    })(),
  };
}

describe('Inline XBRL against the official Inline XBRL 1.1 schema', () => {
  test.skipIf(!shared)('every fixture company’s document validates (XHTML 1.1: no main or section)', () => {
    const documents = Object.fromEntries(
      Object.entries(fixtures()).map(([name, snapshot]) => [name, renderInlineXhtml(snapshot)]),
    );
    const result = schemaCheck(documents);
    expect(result.output).not.toContain('fails to validate');
    expect(result.code).toBe(0);
  });

  test.skipIf(!shared)('the check is real: an HTML5 element fails it', () => {
    const xhtml = renderInlineXhtml(demoSnapshot()).replace('<div class="report">', '<main>');
    const broken = xhtml.replace(/<\/div>\n {2}<\/body>/, '</main>\n  </body>');
    const result = schemaCheck({ broken });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('main');
  });
});
