// The report generator's form (decision 071): what the person picked or typed, checked with the
// server's contract (GenerateReportSchema), so the card refuses exactly what the server would.
// Loaded with the form, after the page (decision 064).
import type { ZodType } from 'zod';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { CompanyProfile } from '../../../domain/contracts/company-profile';
import {
  type GenerateReport,
  GenerateReportSchema,
  type ReportFormat,
  type ReportFramework,
  type VsmeTaxonomyVersionChoice,
} from '../../../domain/contracts/export';
import { checkedFormSchema, type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';
import {
  defaultFramework,
  defaultIdentifierKind,
  entityIdentifierOf,
  type IdentifierKind,
  missingIdentifierMessage,
  normaliseIdentifier,
  profileIdentifierValue,
} from './identifier';

/** A null field follows something else until the person picks or types its value. */
export interface GeneratorFormValues {
  format: ReportFormat;
  /** Null: the company's jurisdiction's framework. */
  framework: ReportFramework | null;
  /** Null: the company's reporting year (decision 086). */
  period: string | null;
  taxonomyVersion: VsmeTaxonomyVersionChoice;
  download: boolean;
  email: boolean;
  /** Null: the framework's usual identifier. */
  identifierKind: IdentifierKind | null;
  /** Null: the company profile's identifier of that kind (decision 057). */
  identifier: string | null;
  /** Save a typed identifier to the profile (offered to those who may edit the company). */
  saveIdentifier: boolean;
}

/** What the null fields follow; known once the user, the reporting year and the profile load. */
export interface GeneratorDefaults {
  jurisdiction: Jurisdiction | null;
  /** The reporting year's period; '' while it loads. */
  reportingPeriod: string;
  profile: CompanyProfile | undefined;
}

/** The values shown and sent: each null field replaced by what it follows. */
export function resolveGenerator(values: GeneratorFormValues, defaults: GeneratorDefaults) {
  const framework = values.framework ?? defaultFramework(defaults.jurisdiction);
  const identifierKind = values.identifierKind ?? defaultIdentifierKind(framework);
  const savedIdentifier = profileIdentifierValue(defaults.profile, identifierKind);
  return {
    ...values,
    framework,
    period: values.period ?? defaults.reportingPeriod,
    identifierKind,
    identifier: values.identifier ?? savedIdentifier,
    savedIdentifier,
    /** Only a CSRD report in XBRL is tagged with the VSME taxonomy. */
    isVsmeXbrl: values.format === 'xbrl' && framework === 'csrd',
  };
}

export type ResolvedGenerator = ReturnType<typeof resolveGenerator>;

/** Whether the identifier shown is one typed here rather than the profile's. */
export function isTypedIdentifier(resolved: ResolvedGenerator): boolean {
  const identifier = normaliseIdentifier(resolved.identifier);
  return identifier !== '' && identifier !== resolved.savedIdentifier;
}

/**
 * The request, parsed with the contract; a refused identifier's message goes on the identifier
 * field. The contract lets the identifier be left out (the server then takes the profile's), but
 * the field starts from the profile's, so an empty one for XBRL is asked for here.
 */
export function checkGenerator(
  values: GeneratorFormValues,
  defaults: GeneratorDefaults,
): ReturnType<FormCheck<GeneratorFormValues, GenerateReport>> {
  const resolved = resolveGenerator(values, defaults);
  const { format, framework, period, download, email, identifierKind, identifier } = resolved;
  const missing = missingIdentifierMessage(identifierKind, identifier, format);
  if (missing) return { ok: false, errors: { identifier: missing } };
  const entityIdentifier = entityIdentifierOf(identifierKind, identifier);
  const result = GenerateReportSchema.safeParse({
    format,
    framework,
    period,
    delivery: { download, email },
    ...(resolved.isVsmeXbrl ? { taxonomyVersion: resolved.taxonomyVersion } : {}),
    ...(entityIdentifier ? { entityIdentifier } : {}),
  });
  if (result.success) return { ok: true, payload: result.data };
  const {
    entityIdentifier: identifierMessage,
    delivery,
    ...errors
  } = issuesToErrors<keyof GenerateReport>(result.error.issues);
  return { ok: false, errors: { ...errors, identifier: identifierMessage, download: delivery } };
}

/** The form's schema for the zod resolver; `defaults` gives what the null fields follow now. */
export function generatorFormSchema(
  defaults: () => GeneratorDefaults,
): ZodType<GenerateReport, GeneratorFormValues> {
  return checkedFormSchema((values: GeneratorFormValues) => checkGenerator(values, defaults()));
}
