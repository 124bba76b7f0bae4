// The person's answers to a preview's questions, checked and merged with what the company already
// remembers (decision 049). Every answer is checked against this company's own sites and the
// plain choice lists: an unknown site id, category or variant is a 400 that lists the choices.
import { CATEGORY_CHOICES, isKnownVariant } from '../../../../domain/activity-import/choices.ts';
import type { ValueMappings } from '../../../../domain/activity-import/value-mappings.ts';
import type { ImportAnswers } from '../../../../domain/contracts/ledger-import.ts';
import { ACTIVITY_CATEGORIES } from '../../../../domain/emissions/activity-variants.ts';
import { SPEND_CATEGORIES } from '../../../../domain/emissions/spend-categories.ts';
import type { ActivityCategory } from '../../../../domain/emissions/types.ts';
import { HttpError } from '../../../lib/errors.ts';
import { siteRegion } from '../sites/service.ts';
import { type ImportSite, siteKey } from './import-batches.ts';
import { entryKey, type MappingEntry, type RememberedMappings } from './import-mappings.ts';

export interface CompanySite extends ImportSite {
  name: string;
}

export interface NewSite {
  id: string;
  name: string;
  country: string;
  region: string | null;
  postcode: string | null;
}

export interface ResolvedAnswers {
  /** siteKey → site, the company's own by name, then remembered and answered names. */
  sites: [string, ImportSite][];
  newSites: NewSite[];
  valueMappings: ValueMappings;
  /** What to remember once the import has gone in. */
  remember: MappingEntry[];
}

const answerError = (message: string, choices: readonly string[]) =>
  new HttpError(400, message, 'invalid_answer', { choices });

export function resolveAnswers(
  companySites: readonly CompanySite[],
  remembered: RememberedMappings,
  answers: ImportAnswers,
): ResolvedAnswers {
  const byId = new Map(companySites.map((site) => [site.id, site]));
  const byKey = new Map<string, ImportSite>(companySites.map((site) => [siteKey(site.name), site]));
  for (const [key, id] of remembered.sites) {
    const site = byId.get(id);
    if (site && !byKey.has(key)) byKey.set(key, site);
  }
  const remember: MappingEntry[] = [];
  const newSites: NewSite[] = [];
  for (const answer of answers.sites) {
    const key = siteKey(answer.source);
    let site: ImportSite | undefined;
    if ('siteId' in answer) {
      site = byId.get(answer.siteId);
      if (!site) {
        throw answerError(
          `The site chosen for "${answer.source}" is not one of your sites; choose one of: ${companySites.map((s) => s.name).join(', ')}`,
          companySites.map((s) => s.name),
        );
      }
    } else {
      const { name, country, region, postcode } = answer.create;
      // A new site named like one that exists (or one created just above) is that site.
      site = byKey.get(siteKey(name));
      if (!site) {
        const created: NewSite = {
          id: crypto.randomUUID(),
          name,
          country,
          region: siteRegion(country, region),
          postcode: postcode || null,
        };
        newSites.push(created);
        site = created;
        byId.set(created.id, { ...created });
        byKey.set(siteKey(name), site);
      }
    }
    byKey.set(key, site);
    remember.push({ kind: 'site', sourceKey: key, sourceText: answer.source, target: site.id });
  }

  const values = {
    category: new Map(remembered.values.category),
    variant: new Map(remembered.values.variant),
    spend: new Map(remembered.values.spend),
  };
  for (const answer of answers.values) {
    assertKnownTarget(answer);
    const category = answer.kind === 'variant' ? (answer.category as ActivityCategory) : undefined;
    const key = entryKey(answer.kind, answer.source, category);
    values[answer.kind].set(key, answer.target);
    remember.push({ kind: answer.kind, sourceKey: key, sourceText: answer.source, target: answer.target });
  }
  return { sites: [...byKey], newSites, valueMappings: values, remember };
}

/** A value answer names a category, spend category or variant we know (400 with the choices, else). */
function assertKnownTarget(answer: ImportAnswers['values'][number]): void {
  if (answer.kind === 'category') {
    if (!CATEGORY_CHOICES.some((choice) => choice.value === answer.target)) {
      throw answerError(
        `"${answer.source}" must be answered with one of: ${CATEGORY_CHOICES.map((c) => c.label).join(', ')}`,
        CATEGORY_CHOICES.map((c) => c.label),
      );
    }
  } else if (answer.kind === 'spend') {
    if (!isKnownVariant('purchased_goods', answer.target)) {
      throw answerError(
        `"${answer.source}" must be answered with a spend category: ${SPEND_CATEGORIES.map((c) => c.label).join(', ')}`,
        SPEND_CATEGORIES.map((c) => c.label),
      );
    }
  } else {
    const category = answer.category as ActivityCategory;
    if (
      !(ACTIVITY_CATEGORIES as readonly string[]).includes(category) ||
      !isKnownVariant(category, answer.target)
    ) {
      throw answerError(`"${answer.target}" is not a variant we know for this category`, []);
    }
  }
}

/** The header answers of the upload, to remember with the import. */
export function headerEntries(mapping: Record<string, string> | undefined): MappingEntry[] {
  return Object.entries(mapping ?? {}).map(([column, field]) => ({
    kind: 'header',
    sourceKey: entryKey('header', column),
    sourceText: column,
    target: field,
  }));
}
