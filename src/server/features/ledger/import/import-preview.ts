// POST /api/activities/import/preview: the import's dry run (decision 049). The same limits,
// reading, remembered mappings and checks as the import, on this thread, writing nothing; it
// answers the questions the person must decide (with their plain choices) and the other problems
// grouped with their rows.
import { CATEGORY_CHOICES, type Choice, variantChoices } from '../../../../domain/activity-import/choices.ts';
import { type ImportQuestion, previewImport } from '../../../../domain/activity-import/import-preview.ts';
import { MAX_IMPORT_BYTES } from '../../../../domain/activity-import/limits.ts';
import type { ProblemGroup } from '../../../../domain/activity-import/problem-groups.ts';
import type { AuthedContext } from '../../../context.ts';
import { calculateLine, LineCalculationError } from '../figures/calculation.ts';
import { resolveAnswers } from './import-answers.ts';
import { calculationMessage, siteKey } from './import-batches.ts';
import { loadImportMappings } from './import-mappings.ts';
import { asHttpError, fileTooLarge } from './import-refusals.ts';
import type { ImportUpload } from './import-service.ts';
import { listCompanySites } from './import-sites.ts';

export interface PreviewQuestion extends ImportQuestion {
  /** The plain choices (site questions: the company's sites; a new site is always possible). */
  choices: Choice[];
}

export interface ImportPreview {
  rowCount: number;
  readyCount: number;
  questions: PreviewQuestion[];
  questionsLeftOut: number;
  problems: ProblemGroup[];
  problemRowCount: number;
  columns: string[];
}

export async function previewActivitiesImport(
  ctx: AuthedContext,
  upload: ImportUpload,
): Promise<ImportPreview> {
  if (upload.file.size > MAX_IMPORT_BYTES) throw fileTooLarge();
  const companySites = await listCompanySites(ctx);
  const remembered = await loadImportMappings(ctx);
  const resolved = resolveAnswers(companySites, remembered, upload.answers ?? { sites: [], values: [] });
  const sites = new Map(resolved.sites);
  const siteChoices = companySites
    .map((site) => ({ value: site.id, label: site.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  try {
    const result = await previewImport(upload.file.stream(), {
      userMapping: { ...remembered.header, ...upload.userMapping },
      valueMappings: resolved.valueMappings,
      knownSite: (text) => sites.has(siteKey(text)),
      checkRow: (row) => {
        const site = sites.get(siteKey(row.site));
        if (!site) return undefined;
        try {
          calculateLine(
            { ...row, supplierKgCO2ePerKWh: null, instrument: null, radiativeForcing: null },
            site,
          );
          return undefined;
        } catch (error) {
          if (!(error instanceof LineCalculationError)) throw error;
          return calculationMessage(row.category, row.variant, error);
        }
      },
    });
    return {
      ...result,
      questions: result.questions.map((question) => ({
        ...question,
        choices: choicesFor(question, siteChoices),
      })),
    };
  } catch (error) {
    throw asHttpError(error);
  }
}

function choicesFor(question: ImportQuestion, siteChoices: Choice[]): Choice[] {
  switch (question.kind) {
    case 'site':
      return siteChoices;
    case 'category':
      return [...CATEGORY_CHOICES];
    case 'spend':
      return [...variantChoices('purchased_goods')];
    case 'variant':
      return question.category ? [...variantChoices(question.category)] : [];
  }
}
