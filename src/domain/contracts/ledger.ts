import { z } from 'zod';
import { ACTIVITY_CATEGORIES } from '../emissions/activity-variants.ts';
import { isAcceptedCurrency, unknownCurrencyMessage } from '../emissions/fx.ts';
import { NotCountedStatusSchema, NotCountedSummarySchema } from './ledger-not-counted.ts';
import { ImportDuplicateCountsSchema, ReceiptDuplicateChoiceSchema } from './ledger-probable-duplicates.ts';
import { amount, count, measure, quantity } from './numbers.ts';
import { text } from './text.ts';

/** kg CO2e per kWh a supplier may state (SaveActivitySchema.supplierKgCO2ePerKWh). */
export const MAX_SUPPLIER_KG_PER_KWH = 10;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-03-31');
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as GB, DE or US');

export const SiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
});
export type Site = z.infer<typeof SiteSchema>;

export const SaveSiteSchema = z.object({
  name: text('Name', { max: 100 }).min(1, 'Name is required'),
  country: countryCode,
  /** Sub-national factor region, e.g. an eGRID subregion `US-CAMX`. */
  region: text('Region', { max: 20 }).nullish(),
  postcode: text('Postcode', { max: 20 }).nullish(),
});
export type SaveSite = z.infer<typeof SaveSiteSchema>;

export const ActivityCategorySchema = z.enum(ACTIVITY_CATEGORIES);
export type ActivityCategory = z.infer<typeof ActivityCategorySchema>;

export const DataQualitySchema = z.enum(['measured', 'supplier_specific', 'activity_average', 'spend_based']);
export const ScopeSchema = z.enum([
  'scope_1',
  'scope_2_location',
  'scope_2_market',
  'scope_3',
  'outside_scopes',
]);
export type Scope = z.infer<typeof ScopeSchema>;

/** Manual add or edit of a ledger line. Either quantity + unit or spend + currency. */
export const SaveActivitySchema = z
  .object({
    siteId: z.string({ error: 'Choose a site' }).min(1, 'Choose a site'),
    date: isoDate,
    periodEnd: isoDate.nullish(),
    category: ActivityCategorySchema,
    variant: text('Variant', { max: 60 }).nullish(),
    quantity: quantity('Quantity').nullish(),
    unit: text('Unit', { max: 30 }).nullish(),
    spend: amount('Spend').nullish(),
    // Only currencies the ECB reference rates convert: another code could never be counted.
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as GBP')
      .refine((code) => isAcceptedCurrency(code), {
        error: (issue) => unknownCurrencyMessage(String(issue.input)),
      })
      .nullish(),
    calorificBasis: z.enum(['gross', 'net']).nullish(),
    supplierKgCO2ePerKWh: z
      .number()
      .nonnegative('The supplier factor cannot be negative')
      // The most carbon-intensive grids emit about 1 kg CO2e per kWh; 10 leaves room for any tariff.
      .max(
        MAX_SUPPLIER_KG_PER_KWH,
        `The supplier factor must be at most ${MAX_SUPPLIER_KG_PER_KWH} kg CO2e per kWh`,
      )
      .nullish(),
    instrument: z.enum(['renewable_tariff', 'certificate']).nullish(),
    radiativeForcing: z.boolean().nullish(),
    dataQuality: DataQualitySchema.nullish(),
    evidenceUrl: text('Evidence link', { max: 500 }).nullish(),
    reference: text('Reference', { max: 200 }).nullish(),
    /**
     * A scanned receipt this line was confirmed from (POST /api/integrations/ocr/upload): the
     * server then records the line's source as 'receipt' and links the stored file as evidence.
     * Read on create only.
     */
    receiptFileId: text('Receipt', { max: 60 }).min(1).nullish(),
    /**
     * With `receiptFileId`, when the line looks like one already in the ledger (decision 052):
     * keep both, replace `replaceLineId`, or skip. Without it such a line is refused with 409
     * `probable_duplicates`, listing them.
     */
    onDuplicate: ReceiptDuplicateChoiceSchema.nullish(),
    replaceLineId: text('Line to replace', { max: 60 }).min(1).nullish(),
  })
  .refine((line) => (line.quantity != null && !!line.unit) || (line.spend != null && !!line.currency), {
    message: 'Give a quantity with its unit, or a spend with its currency',
    path: ['quantity'],
  });
export type SaveActivity = z.infer<typeof SaveActivitySchema>;

export const EmissionResultSchema = z.object({
  scope: ScopeSchema,
  scope3Category: z.number().nullable(),
  kgCO2e: z.number(),
  factorId: z.string(),
  dataset: z.string(),
  activityQuantity: z.number(),
  activityUnit: z.string(),
  flags: z.array(z.string()),
});

export const ActivityLineSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  date: z.string(),
  periodEnd: z.string().nullable(),
  category: ActivityCategorySchema,
  variant: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  spend: z.number().nullable(),
  currency: z.string().nullable(),
  /** Calculation inputs, so an edit form can show them again (absent in older answers). */
  calorificBasis: z.enum(['gross', 'net']).nullish(),
  supplierKgCO2ePerKWh: z.number().nullish(),
  instrument: z.enum(['renewable_tariff', 'certificate']).nullish(),
  radiativeForcing: z.boolean().nullish(),
  source: z.string(),
  dataQuality: DataQualitySchema,
  evidenceUrl: z.string().nullable(),
  reference: z.string().nullable(),
  results: z.array(EmissionResultSchema),
  /** Set when the line has no figure: why, and what fixes it (decision 051). */
  notCounted: NotCountedStatusSchema.nullish(),
});
export type ActivityLine = z.infer<typeof ActivityLineSchema>;

export const ListActivitiesQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  siteId: z.string().optional(),
  category: ActivityCategorySchema.optional(),
  /** `not_counted`: only lines without figures (decision 051). */
  status: z.enum(['not_counted']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const ImportRowErrorSchema = z.object({ line: z.number(), message: z.string() });
/** POST /api/activities/import answer. */
export const ImportResultSchema = z.object({
  importId: z.string().nullable(),
  rowCount: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  errors: z.array(ImportRowErrorSchema),
  errorCount: z.number(),
  /** The import's lines that have no figure, with why (decision 051). */
  notCounted: NotCountedSummarySchema,
  /** Rows that looked like lines of other sources, and what the file's choice did (decision 052). */
  probableDuplicates: ImportDuplicateCountsSchema.optional(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** POST /api/emissions/recalculate: an explicit recomputation of a period with the current library. */
export const RecalculateSchema = z.object({ from: isoDate, to: isoDate });

export const SaveTargetSchema = z
  .object({
    baseYear: z.number().int().min(2000).max(2100),
    targetYear: z.number().int().min(2000).max(2100),
    reductionPercent: z.number().gt(0).max(100),
    coverage: z.enum(['scope_1_2', 'scope_1_2_3']).default('scope_1_2'),
  })
  .refine((target) => target.targetYear > target.baseYear, {
    message: 'The target year must come after the base year',
    path: ['targetYear'],
  });

export const EmployeesBasisSchema = z.enum(['headcount', 'fte'], {
  error: 'Choose headcount or full-time equivalents',
});
export type EmployeesBasis = z.infer<typeof EmployeesBasisSchema>;

export const SaveFinancialsSchema = z.object({
  year: z.number().int().min(2000).max(2100),
  revenue: amount('Revenue').nullish(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  employees: measure('Employees').nullish(),
  /**
   * How the employees were counted (VSME B1 24(e)(v)): people at the reporting date, or
   * full-time equivalents. XBRL tags the figure in this basis (decision 057).
   */
  employeesBasis: EmployeesBasisSchema.nullish(),
});

export const SaveWorkforceSchema = z.object({
  year: z.number().int().min(2000).max(2100),
  headcountFemale: count('Female headcount').nullish(),
  headcountMale: count('Male headcount').nullish(),
  headcountOther: count('Other headcount').nullish(),
  leadershipFemale: count('Women in leadership').nullish(),
  leadershipTotal: count('Leadership headcount').nullish(),
  ageUnder30: count('Employees under 30').nullish(),
  age30To50: count('Employees aged 30 to 50').nullish(),
  ageOver50: count('Employees over 50').nullish(),
  trainingHours: measure('Training hours').nullish(),
});

/** GET /api/activities: one page, newest first, and how many lines match the filters. */
export const ActivityPageSchema = z.object({
  items: z.array(ActivityLineSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/** kg CO2e per scope, as a recalculation reports it before and after. */
export const ScopeKgSchema = z.object({
  scope_1: z.number(),
  scope_2_location: z.number(),
  scope_2_market: z.number(),
  scope_3: z.number(),
  outside_scopes: z.number(),
});

/** POST /api/emissions/recalculate answer. */
export const RecalculationSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  linesRecalculated: z.number(),
  before: ScopeKgSchema,
  after: ScopeKgSchema,
});
export type Recalculation = z.infer<typeof RecalculationSchema>;

/** GET/PUT /api/targets: the company's one active target (GET answers null when none). */
export const TargetSchema = z.object({
  baseYear: z.number(),
  targetYear: z.number(),
  reductionPercent: z.number(),
  coverage: z.enum(['scope_1_2', 'scope_1_2_3']),
});
export type Target = z.infer<typeof TargetSchema>;

/** GET/PUT /api/financials: one record per year (GET ?year= answers that year or null). */
export const FinancialsSchema = z.object({
  year: z.number(),
  revenue: z.number().nullable(),
  currency: z.string().nullable(),
  employees: z.number().nullable(),
  /** null: not recorded (saved before the question was asked). */
  employeesBasis: EmployeesBasisSchema.nullable(),
});
export type Financials = z.infer<typeof FinancialsSchema>;

/** GET/PUT /api/workforce: one record per year (GET ?year= answers that year or null). */
export const WorkforceSchema = z.object({
  year: z.number(),
  headcountFemale: z.number().nullable(),
  headcountMale: z.number().nullable(),
  headcountOther: z.number().nullable(),
  leadershipFemale: z.number().nullable(),
  leadershipTotal: z.number().nullable(),
  ageUnder30: z.number().nullable(),
  age30To50: z.number().nullable(),
  ageOver50: z.number().nullable(),
  trainingHours: z.number().nullable(),
});
export type Workforce = z.infer<typeof WorkforceSchema>;

/** `?year=` of GET /api/financials and /api/workforce. */
export const YearQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
