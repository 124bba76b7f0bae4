// Regulators and filing (spec §7 /api/regulatory/*, issue 7 item 5). No regulator accepts
// automated submissions from us: the adapter builds and validates the exact package, and the
// filing is recorded as a labelled sandbox filing that the `filing.advance` job moves
// pending → submitted → accepted | rejected.

import { regulatoryFilings } from '../../../../../db/schema/export-filings.ts';
import type { Filing, Regulator, ReportStatus, SubmitFiling } from '../../../../domain/contracts/export.ts';
import {
  buildSubmissionPackage,
  packageFileName,
  zipSubmissionPackage,
} from '../../../../domain/regulators/packages.ts';
import {
  findFilingType,
  findRegulator,
  regionOf,
  regulatorsIn,
  toRegulator,
} from '../../../../domain/regulators/regulators.ts';
import { sha256Hex } from '../../../../domain/sha256.ts';
import type { AuthedContext } from '../../../context.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import { conflict, HttpError } from '../../../lib/errors.ts';
import { auditInsert } from '../../audit/service.ts';
import { setReportStatus } from '../reports/service.ts';
import {
  findFiling,
  hasLiveFiling,
  listFilingRows,
  loadReportForFiling,
  packageChunkInserts,
  streamPackage,
  toFiling,
} from './store.ts';

export const unknownJurisdiction = () => new HttpError(400, 'Unknown jurisdiction', 'unknown_jurisdiction');

/**
 * The bodies of a jurisdiction: CSRD|SECR|SEC or EU|GB|UK|US, in any case; their deadlines
 * marked passed on `today`.
 */
export function listRegulators(jurisdiction: string, today: Date): Regulator[] {
  const region = regionOf(jurisdiction);
  if (!region) throw unknownJurisdiction();
  return regulatorsIn(region).map((regulator) => toRegulator(regulator, today));
}

export interface SubmitFilingResult {
  regulatorCode: string;
  confirmationNumber: string;
  filing: Filing;
}

/**
 * Files a final report: checks the regulator, the filing type and the report, builds and validates
 * the package (422 with every problem, nothing written), then writes the filing, its package, the
 * report's move to `submitted`, the audit row and the first `filing.advance` job in one batch.
 */
export async function submitFiling(ctx: AuthedContext, input: SubmitFiling): Promise<SubmitFilingResult> {
  const regulator = findRegulator(input.regulatorCode);
  if (!regulator) throw new HttpError(400, `Unknown regulator ${input.regulatorCode}`, 'unknown_regulator');
  const requestedRegion = input.jurisdiction === undefined ? null : regionOf(input.jurisdiction);
  if (input.jurisdiction !== undefined && !requestedRegion) throw unknownJurisdiction();

  const { report, status, forPackage } = await loadReportForFiling(ctx, input.reportId);
  await assertFileable(ctx, report.id, status);

  const type = filingTypeFor(regulator, input, requestedRegion ?? regionOf(report.jurisdiction), report);

  const built = buildSubmissionPackage(regulator.code, type.name, forPackage);
  if (!built.ok) {
    throw new HttpError(422, built.problems.join('; '), 'package_invalid', { problems: built.problems });
  }
  const zip = zipSubmissionPackage(built);
  const now = ctx.now();

  // A confirmation number is random; a collision (1 in ~10^9 a year per body) is simply retried.
  for (let attempt = 1; ; attempt++) {
    const filingId = crypto.randomUUID();
    const confirmationNumber = sandboxConfirmationNumber(regulator.code, now);
    try {
      await ctx.db.batch(
        filingStatements(ctx, {
          filingId,
          confirmationNumber,
          regulator,
          filingType: type.name,
          report,
          zip,
          now,
        }),
      );
      ctx.wakeJobs?.();
      const filing = toFiling(await findFiling(ctx, filingId));
      return { regulatorCode: regulator.code, confirmationNumber, filing };
    } catch (error) {
      const text = errorText(error);
      if (/UNIQUE constraint failed: regulatory_filings\.report_id/i.test(text)) {
        throw conflict('This report is already being filed');
      }
      if (attempt < 3 && /UNIQUE constraint failed: regulatory_filings\.confirmation_number/i.test(text))
        continue;
      throw error;
    }
  }
}

type KnownRegulator = NonNullable<ReturnType<typeof findRegulator>>;

/** The filing type asked for, once the regulator is known to serve the report's region and take it. */
function filingTypeFor(
  regulator: KnownRegulator,
  input: SubmitFiling,
  region: ReturnType<typeof regionOf>,
  report: { jurisdiction: string },
) {
  if (regulator.region !== region) {
    throw new HttpError(
      400,
      `${regulator.name} does not serve ${input.jurisdiction ?? report.jurisdiction}`,
      'wrong_jurisdiction',
    );
  }
  const type = findFilingType(regulator, input.filingType);
  if (!type) {
    const accepted = regulator.filingTypes.map((t) => `“${t.name}”`).join(', ');
    throw new HttpError(
      400,
      `${regulator.name} does not take “${input.filingType}”; it takes ${accepted}`,
      'unknown_filing_type',
    );
  }
  return type;
}

/** The filing, its package, the report's move to `submitted`, the audit row and the first `filing.advance` job. */
function filingStatements(
  ctx: AuthedContext,
  {
    filingId,
    confirmationNumber,
    regulator,
    filingType,
    report,
    zip,
    now,
  }: {
    filingId: string;
    confirmationNumber: string;
    regulator: KnownRegulator;
    filingType: string;
    report: Parameters<typeof packageFileName>[1] & { id: string; title: string };
    zip: Uint8Array;
    now: Date;
  },
) {
  return [
    ctx.db.insert(regulatoryFilings).values({
      id: filingId,
      companyId: ctx.companyId,
      reportId: report.id,
      reportTitle: report.title,
      regulatorCode: regulator.code,
      filingType,
      jurisdiction: regulator.region,
      filingStatus: 'pending',
      confirmationNumber,
      sandbox: true,
      packageFileName: packageFileName(regulator.code, report),
      packageSize: zip.length,
      packageSha256: sha256Hex(zip),
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    }),
    ...packageChunkInserts(ctx, filingId, zip),
    setReportStatus(ctx, report.id, 'submitted'),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'report_filed',
      entityType: 'regulatory_filing',
      entityId: filingId,
    }),
    enqueueJob(ctx.db, {
      kind: 'filing.advance',
      payload: { filingId },
      companyId: ctx.companyId,
      now,
      runAfter: now,
      dedupeKey: `${filingId}:submit`,
    }),
  ] as const;
}

/**
 * A final report can be filed; so can a report left `submitted` by a rejected filing (the reports
 * feature moves a report only forward, so a rejection cannot put it back to `final`).
 */
async function assertFileable(ctx: AuthedContext, reportId: string, status: ReportStatus) {
  if (status === 'final') return;
  if (status === 'submitted' || status === 'filed') {
    if (await hasLiveFiling(ctx, reportId)) {
      throw conflict(
        status === 'filed' ? 'This report has already been filed' : 'This report is already being filed',
      );
    }
    if (status === 'submitted') return;
  }
  throw conflict('Only a final report can be filed');
}

export async function listFilings(ctx: AuthedContext): Promise<Filing[]> {
  return (await listFilingRows(ctx)).map(toFiling);
}

/** The package zip the adapter built, streamed from its chunks. */
export async function readFilingPackage(ctx: AuthedContext, id: string) {
  const row = await findFiling(ctx, id);
  return { fileName: row.packageFileName, size: row.packageSize, body: streamPackage(ctx, row.id) };
}

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
const CONFIRMATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `SANDBOX-GB-CH-2026-7K3QXM`: says plainly that no regulator issued it. */
export function sandboxConfirmationNumber(regulatorCode: string, now: Date): string {
  let suffix = '';
  while (suffix.length < 6) {
    // 31 symbols: keep bytes below 248 (8 × 31) so every symbol is equally likely.
    for (const byte of crypto.getRandomValues(new Uint8Array(8))) {
      if (byte < 248 && suffix.length < 6)
        suffix += CONFIRMATION_ALPHABET[byte % CONFIRMATION_ALPHABET.length];
    }
  }
  return `SANDBOX-${regulatorCode}-${now.getUTCFullYear()}-${suffix}`;
}

function errorText(error: unknown): string {
  return String((error as { cause?: unknown })?.cause ?? '') + String((error as Error)?.message ?? '');
}
