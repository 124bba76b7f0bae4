import { z } from 'zod';
import { ReportPeriodSchema } from './export.ts';
import { DataQualitySchema } from './ledger.ts';
import { text } from './text.ts';

/**
 * Value-chain data requests (issue 22, decisions 077 and 078): a customer's or bank's questionnaire
 * recorded once, answered from what the company already has (ledger, checklist, profile, evidence),
 * shared as a frozen, signed, revocable pack, and the lender's PCAF data-quality view.
 * Company-side routes live under DATA_REQUESTS_PATH (API keys may call them); the shared pack is
 * public under SHARED_PACK_PATH; the instance's public keys at JWKS_PATH.
 */
export const DATA_REQUESTS_PATH = '/api/data-requests';
export const DATA_REQUEST_TEMPLATES_PATH = '/api/data-requests/templates';
export const DATA_REQUEST_QUESTIONS_CSV_PATH = '/api/data-requests/questions-csv';
export const LENDER_VIEW_PATH = '/api/data-requests/lender-view';
export const SHARED_PACK_PATH = '/api/shared';
export const JWKS_PATH = '/.well-known/jwks.json';
/** The public page a share link opens (built by the screens; it reads SHARED_PACK_PATH). */
export const SHARED_PAGE_PATH = '/shared';

export const dataRequestPath = (id: string) => `${DATA_REQUESTS_PATH}/${encodeURIComponent(id)}`;
export const dataRequestSharePath = (id: string) => `${dataRequestPath(id)}/share`;
export const dataRequestAnswerPath = (id: string, key: string) =>
  `${dataRequestPath(id)}/answers/${encodeURIComponent(key)}`;
export const dataRequestDeclineDraftPath = (id: string) => `${dataRequestPath(id)}/decline-draft`;
export const dataRequestDeclinePath = (id: string) => `${dataRequestPath(id)}/decline`;
export const sharedPackPath = (token: string) => `${SHARED_PACK_PATH}/${encodeURIComponent(token)}`;
/**
 * The public page of a share link. The token travels in the fragment, which browsers never send
 * to a server or in a Referer header, so it stays out of access logs and third-party requests.
 */
export const sharedPageHref = (token: string) => `${SHARED_PAGE_PATH}#${token}`;
/** Downloads of a shared pack: the signed JSON, the VSME Inline XBRL package, the PDF. */
export const sharedPackDownloadPath = (token: string, format: SharedPackFormat) =>
  `${sharedPackPath(token)}/download/${format}`;

/** Who asks: a customer (scope 3 of theirs), a bank or investor (financed emissions), anyone else. */
export const RequesterTypeSchema = z.enum(['customer', 'bank', 'other'], {
  error: 'Choose customer, bank or other',
});
export type RequesterType = z.infer<typeof RequesterTypeSchema>;

/**
 * The built-in templates. vsme_basic: VSME Basic module B1–B11 (Commission Recommendation (EU)
 * 2025/1710); vsme_comprehensive: Basic plus Comprehensive C1–C9; bank: scope 1, 2, 3 tCO2e, energy,
 * revenue, employees and PCAF data quality; cdp_core: a CDP-supply-chain-style core climate set;
 * custom: the person's own questions (typed, pasted or a CSV).
 */
export const DataRequestTemplateSchema = z.enum(
  ['vsme_basic', 'vsme_comprehensive', 'bank', 'cdp_core', 'custom'],
  { error: 'Choose a template' },
);
export type DataRequestTemplate = z.infer<typeof DataRequestTemplateSchema>;

/**
 * draft: recorded, not shared or declined; answered: every item answered, declined or beyond the
 * cap; shared: a pack is live; declined: the whole request declined; overdue: past its due date
 * and neither shared nor declined (computed with the server's clock, never stored).
 */
export const DataRequestStatusSchema = z.enum(['draft', 'answered', 'shared', 'declined', 'overdue']);
export type DataRequestStatus = z.infer<typeof DataRequestStatusSchema>;

/**
 * answered: a value (from company data or typed by a person); missing: nothing to answer with yet
 * (`missing` says what and where to add it); beyond_cap: beyond the VSME value-chain cap and not
 * answered by choice; declined: declined by the person.
 */
export const AnswerStatusSchema = z.enum(['answered', 'missing', 'beyond_cap', 'declined']);
export type AnswerStatus = z.infer<typeof AnswerStatusSchema>;

export const MAX_QUESTIONS = 200;
export const MAX_QUESTION_LENGTH = 500;
export const MAX_ANSWER_LENGTH = 4000;
export const MAX_SHARE_DAYS = 365;
/** An item key: lower snake case, as the template library names them (e.g. `scope_1_t`). */
const ItemKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'Use a key of lower-case letters, digits and underscores');

/** One question of a custom list. `key` names a known item to answer it from; otherwise it stays "missing". */
export const CustomQuestionSchema = z.object({
  question: text('Question', { max: MAX_QUESTION_LENGTH }).min(1, 'Question is required'),
  key: ItemKeySchema.optional(),
  unit: text('Unit', { max: 40 }).optional(),
});
export type CustomQuestion = z.infer<typeof CustomQuestionSchema>;

/**
 * A pasted or uploaded CSV of questions: text without control characters (text.ts), at most
 * MAX_QUESTIONS_CSV_LENGTH characters (about MAX_QUESTIONS questions of a long sentence each).
 */
export const MAX_QUESTIONS_CSV_LENGTH = 25_000;
const questionsCsvText = text('CSV of questions', {
  max: MAX_QUESTIONS_CSV_LENGTH,
  multiline: true,
  keepSpaces: true,
});

const IsoDateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/** POST /api/data-requests. `questions` or `questionsCsv` only (and one of them) with template `custom`. */
export const CreateDataRequestSchema = z
  .object({
    requesterName: text('Requester', { max: 200 }).min(1, 'Requester is required'),
    requesterType: RequesterTypeSchema,
    template: DataRequestTemplateSchema,
    /** The year (or quarter) asked about, e.g. '2025'. */
    period: ReportPeriodSchema,
    dueDate: IsoDateSchema.nullish(),
    questions: z
      .array(CustomQuestionSchema)
      .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`)
      .optional(),
    /** A CSV of questions (header `question`, optional `key` and `unit`); bad rows are named in the 400. */
    questionsCsv: questionsCsvText.optional(),
  })
  .superRefine((value, context) => {
    const hasQuestions = (value.questions?.length ?? 0) > 0 || (value.questionsCsv ?? '').trim() !== '';
    if (value.template === 'custom' && !hasQuestions) {
      context.addIssue({ code: 'custom', path: ['questions'], message: 'Add at least one question' });
    }
    if (value.template !== 'custom' && hasQuestions) {
      context.addIssue({
        code: 'custom',
        path: ['questions'],
        message: 'Questions are only for a custom list',
      });
    }
  });
export type CreateDataRequest = z.input<typeof CreateDataRequestSchema>;

/** POST /api/data-requests/questions-csv `{ csv }`: parse a CSV of questions without saving. */
export const QuestionsCsvSchema = z.object({ csv: questionsCsvText });
export const CsvRowErrorSchema = z.object({
  /** 1-based line number in the file, the header being line 1. */
  row: z.number().int(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof CsvRowErrorSchema>;
export const QuestionsCsvResultSchema = z.object({
  questions: z.array(CustomQuestionSchema),
  errors: z.array(CsvRowErrorSchema),
});
export type QuestionsCsvResult = z.infer<typeof QuestionsCsvResultSchema>;

/** A period an answer covers: ISO dates, inclusive; `start` null for an instant (e.g. headcount at year end). */
export const AnswerPeriodSchema = z.object({ start: z.string().nullable(), end: z.string() });
export type AnswerPeriod = z.infer<typeof AnswerPeriodSchema>;

/**
 * Where an answer comes from. ledger: the activity ledger's figure (label names the figure, `datasets`
 * its factor datasets); checklist: an ESG checklist answer; profile: the company profile or
 * records (financials, workforce); evidence: an evidence file with its SHA-256; person: typed here.
 */
export const AnswerSourceSchema = z.object({
  kind: z.enum(['ledger', 'checklist', 'profile', 'evidence', 'person']),
  label: z.string(),
  /** Factor datasets behind a ledger figure, e.g. 'DESNZ 2025'. */
  datasets: z.array(z.string()).optional(),
  /** Evidence file: its name and SHA-256 (hex). */
  fileName: z.string().optional(),
  sha256: z.string().optional(),
});
export type AnswerSource = z.infer<typeof AnswerSourceSchema>;

export const AnswerValueSchema = z.union([z.number(), z.string(), z.boolean()]).nullable();
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** One item of a request with its answer. */
export const DataRequestAnswerSchema = z.object({
  key: z.string(),
  question: z.string(),
  /** VSME disclosure (B1–B11, C1–C9) when the item is a VSME datapoint; null otherwise. */
  disclosure: z.string().nullable(),
  /** The VSME XBRL concept the value is tagged with, when there is one. */
  concept: z.string().nullable(),
  value: AnswerValueSchema,
  /** The value as a person reads it, e.g. '12.34 tCO2e'; null when there is no value. */
  display: z.string().nullable(),
  unit: z.string().nullable(),
  period: AnswerPeriodSchema.nullable(),
  status: AnswerStatusSchema,
  sources: z.array(AnswerSourceSchema),
  /** The item is beyond the VSME datapoints and the company is within the cap (≤ 1,000 employees). */
  isBeyondCap: z.boolean(),
  /** Why there is no answer and where to add what is missing; null when answered. */
  missing: z
    .object({ reason: z.string(), href: z.string().nullable(), action: z.string().nullable() })
    .nullable(),
  /** A person's edit over the computed answer (audited); null when the answer is the computed one. */
  edit: z
    .object({
      editedAt: z.string(),
      editedBy: z.string().nullable(),
      computedValue: AnswerValueSchema,
      /** The computed value as a person reads it (a taxonomy label, not a member's URL). */
      computedDisplay: z.string().nullable().optional(),
    })
    .nullable(),
});
export type DataRequestAnswer = z.infer<typeof DataRequestAnswerSchema>;

/** The VSME value-chain cap as it applies to this company (from the dated EU rule pack). */
export const ValueChainCapSchema = z.object({
  applies: z.boolean(),
  /** The employees figure the decision used; null when the company has not recorded one. */
  employees: z.number().nullable(),
  maxEmployees: z.number(),
  /** e.g. 'Directive (EU) 2026/470'. */
  rule: z.string(),
  /** Why it applies or not, in words. */
  reason: z.string(),
  asOf: z.string(),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ValueChainCap = z.infer<typeof ValueChainCapSchema>;

export const ShareAccessSchema = z.object({ at: z.string() });
/** The current (latest) share of a request, never its token. */
export const DataRequestShareSchema = z.object({
  version: z.number().int(),
  state: z.enum(['active', 'expired', 'revoked']),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  accessCount: z.number().int(),
  lastAccessedAt: z.string().nullable(),
  /** The latest accesses, newest first (at most 50). */
  accessLog: z.array(ShareAccessSchema),
});
export type DataRequestShare = z.infer<typeof DataRequestShareSchema>;

export const AnswerCountsSchema = z.object({
  answered: z.number().int(),
  missing: z.number().int(),
  beyondCap: z.number().int(),
  declined: z.number().int(),
});

/** One request as the inbox lists it. */
export const DataRequestSummarySchema = z.object({
  id: z.string(),
  requesterName: z.string(),
  requesterType: RequesterTypeSchema,
  template: DataRequestTemplateSchema,
  templateTitle: z.string(),
  period: z.string(),
  dueDate: z.string().nullable(),
  status: DataRequestStatusSchema,
  counts: AnswerCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataRequestSummary = z.infer<typeof DataRequestSummarySchema>;

/** GET /api/data-requests. `dueSoon`: open requests with a due date, earliest first (the dashboard). */
export const DataRequestListSchema = z.object({
  requests: z.array(DataRequestSummarySchema),
  dueSoon: z.array(DataRequestSummarySchema),
});
export type DataRequestList = z.infer<typeof DataRequestListSchema>;

/** GET /api/data-requests/{id} and POST 201. */
export const DataRequestSchema = DataRequestSummarySchema.extend({
  answers: z.array(DataRequestAnswerSchema),
  cap: ValueChainCapSchema,
  share: DataRequestShareSchema.nullable(),
  declinedAt: z.string().nullable(),
  declineMessage: z.string().nullable(),
});
export type DataRequest = z.infer<typeof DataRequestSchema>;

/**
 * PATCH /api/data-requests/{id}/answers/{key}. edit: the person's value (marked and audited);
 * reset: back to the computed answer; decline: decline this item; answer: answer an item beyond
 * the cap (or a declined one) from company data after all.
 */
export const UpdateAnswerSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('edit'),
      value: z.union([
        z.number().finite(),
        z.boolean(),
        text('Answer', { max: MAX_ANSWER_LENGTH, multiline: true }).min(1, 'Enter an answer'),
      ]),
      unit: text('Unit', { max: 40 }).nullish(),
    }),
    z.object({ action: z.literal('reset') }),
    z.object({ action: z.literal('decline') }),
    z.object({ action: z.literal('answer') }),
  ],
  { error: 'Choose edit, reset, decline or answer' },
);
export type UpdateAnswer = z.input<typeof UpdateAnswerSchema>;

/** GET /api/data-requests/{id}/decline-draft: a polite decline citing the cap rule. */
export const DeclineDraftSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** The items the draft declines (those beyond the cap). */
  keys: z.array(z.string()),
  rule: z.string(),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type DeclineDraft = z.infer<typeof DeclineDraftSchema>;

/** POST /api/data-requests/{id}/decline: `beyond_cap` declines the items beyond the cap; `all` the request. */
export const DeclineRequestSchema = z.object({
  scope: z.enum(['beyond_cap', 'all'], { error: 'Choose beyond_cap or all' }),
  message: text('Message', { max: 8000, multiline: true }).optional(),
});
export type DeclineRequest = z.input<typeof DeclineRequestSchema>;

/** POST /api/data-requests/{id}/share. */
export const CreateShareSchema = z.object({
  expiresInDays: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'A link lasts at least 1 day')
    .max(MAX_SHARE_DAYS, `A link lasts at most ${MAX_SHARE_DAYS} days`),
});
export type CreateShare = z.infer<typeof CreateShareSchema>;

/** 201 of POST …/share: the token is shown once (only its hash is stored). `url`: the public page, absolute (sharedPageHref). */
export const ShareCreatedSchema = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  version: z.number().int(),
});
export type ShareCreated = z.infer<typeof ShareCreatedSchema>;

/** One fact of a shared pack. */
export const PackFactSchema = z.object({
  key: z.string(),
  question: z.string(),
  concept: z.string().optional(),
  value: AnswerValueSchema,
  /**
   * The value as a person reads it, unit included: an enumeration's label from the VSME taxonomy
   * (e.g. "Basic module only" for BasisForPreparation's member), a number formatted. Absent when
   * not answered, and in packs signed before it was added (additive, pack format 1).
   */
  displayValue: z.string().optional(),
  unit: z.string().nullable(),
  period: AnswerPeriodSchema.nullable(),
  status: AnswerStatusSchema,
  sources: z.array(AnswerSourceSchema),
  isEdited: z.boolean(),
});
export type PackFact = z.infer<typeof PackFactSchema>;

/** The signed content: a frozen snapshot taken when the share was published. */
export const PackSchema = z.object({
  /** 'esg-pilot/data-request-pack/1': the shape of this object. */
  format: z.string(),
  company: z.object({ name: z.string(), lei: z.string().nullable(), country: z.string().nullable() }),
  requester: z.object({ name: z.string(), type: RequesterTypeSchema }),
  template: DataRequestTemplateSchema,
  period: z.string(),
  version: z.number().int(),
  generatedAt: z.string(),
  facts: z.array(PackFactSchema),
});
export type Pack = z.infer<typeof PackSchema>;

/**
 * GET /api/shared/{token} (no account). `signature`: base64url Ed25519 over the UTF-8 bytes of `pack`
 * serialised as JCS (RFC 8785), by the key `keyId` of JWKS_PATH. `expiresAt` and `downloads` sit
 * outside the signed pack.
 */
export const SignedPackSchema = z.object({
  pack: PackSchema,
  keyId: z.string(),
  signature: z.string(),
  algorithm: z.literal('EdDSA'),
  expiresAt: z.string(),
  downloads: z.array(
    z.object({ format: z.enum(['json', 'xbrl', 'pdf']), href: z.string(), label: z.string() }),
  ),
});
export type SignedPack = z.infer<typeof SignedPackSchema>;
export const SharedPackFormatSchema = z.enum(['json', 'xbrl', 'pdf']);
export type SharedPackFormat = z.infer<typeof SharedPackFormatSchema>;

/** 410 body of an expired or revoked link (404 `{ message }` for an unknown one). */
export const SharedPackGoneSchema = z.object({
  message: z.string(),
  code: z.enum(['share_expired', 'share_revoked']),
});

/** One public key of GET /.well-known/jwks.json (RFC 8037 OKP). */
export const JwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export const JwksSchema = z.object({ keys: z.array(JwkSchema) });
export type Jwks = z.infer<typeof JwksSchema>;

/** One item of a template as the library lists it. */
export const TemplateItemSchema = z.object({
  key: z.string(),
  question: z.string(),
  unit: z.string().nullable(),
  disclosure: z.string().nullable(),
  /** A VSME datapoint (within the value-chain cap). */
  isVsmeDatapoint: z.boolean(),
});
export const DataRequestTemplateInfoSchema = z.object({
  id: DataRequestTemplateSchema,
  title: z.string(),
  description: z.string(),
  items: z.array(TemplateItemSchema),
});
/** GET /api/data-requests/templates: the library, and every known item key a custom question may name. */
export const DataRequestTemplateListSchema = z.object({
  templates: z.array(DataRequestTemplateInfoSchema),
  knownItems: z.array(TemplateItemSchema),
});
export type DataRequestTemplateList = z.infer<typeof DataRequestTemplateListSchema>;

/**
 * The ledger's data tiers as PCAF reads them (PCAF Standard Part A, business loans):
 * verified (1), reported: supplier-specific figures (2), physical activity: metered quantities (2)
 * or average-factor quantities (3), spend or revenue based (4), nothing recorded (5).
 */
export const PcafScoreSchema = z.number().min(1).max(5);
/** The ledger's data tiers (contracts/ledger.ts DataQualitySchema). */
export type LedgerDataQuality = z.infer<typeof DataQualitySchema>;
export const LenderLineSchema = z.object({
  id: z.string(),
  date: z.string(),
  category: z.string(),
  description: z.string(),
  dataQuality: DataQualitySchema,
  tonnes: z.number(),
  /** What to change on this line, in words. */
  change: z.string(),
  href: z.string(),
});
export const LenderScopeSchema = z.object({
  scope: z.enum(['scope_1', 'scope_2', 'scope_3']),
  tonnes: z.number(),
  /** Emissions-weighted PCAF score, one decimal; 5 when nothing is recorded. */
  score: PcafScoreSchema,
  tiers: z.array(
    z.object({
      dataQuality: DataQualitySchema,
      pcafScore: z.number().int(),
      tonnes: z.number(),
      share: z.number(),
    }),
  ),
  explanation: z.string(),
  /** What would move the scope up a score; null at the best score the ledger can reach. */
  nextScore: z
    .object({ target: z.number(), advice: z.string(), lines: z.array(LenderLineSchema) })
    .nullable(),
});
/** Query of GET /api/data-requests/lender-view: the year, default the company's reporting year. */
export const LenderViewQuerySchema = z.object({
  period: z
    .string()
    .regex(/^20\d{2}$/, 'Choose a year such as 2025')
    .optional(),
});
/** GET /api/data-requests/lender-view?period=YYYY. */
export const LenderViewSchema = z.object({
  period: z.string(),
  scopes: z.array(LenderScopeSchema),
  method: z.string(),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type LenderView = z.infer<typeof LenderViewSchema>;
