// The frozen content of one report (issue 7: "freezes a snapshot of the figures, factors,
// checklist answers, approved narratives and evidence list it used, so a report can be reproduced
// byte for byte later"). The server builds it once, stores it as JSON beside the report, and every
// renderer (PDF, Inline XBRL, XBRL instance, xBRL-JSON, CSV) is a pure function of it: rendering a
// stored snapshot again must give the same bytes. Numbers are plain JSON numbers in the units named
// by each field; absent data is null, never 0.
import type { ConsolidationApproach } from '../contracts/company-profile.ts';
import type { ReportFormat, ReportFramework } from '../contracts/export.ts';
import type { NotCountedSummary } from '../contracts/ledger-not-counted.ts';

export const SNAPSHOT_SCHEMA_VERSION = 1;

export interface SnapshotQuantity {
  value: number;
  unit: string;
}

export interface InventoryTotals {
  /** tCO2e */
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
  scope3ByCategory: { category: number; name: string; tCO2e: number }[];
  /** Scope 1 + 2 location-based + 3 (gross; offsets never subtract). */
  totalLocation: number;
  /** Scope 1 + 2 market-based + 3. */
  totalMarket: number;
  /** Biogenic CO2 and other memo items, never in totals. */
  outsideScopes: number;
}

export interface Scope2MarketBasisPart {
  kWh: number;
  tCO2e: number;
}

export interface Scope2MarketBasis {
  contractual: Scope2MarketBasisPart;
  supplierFactor: Scope2MarketBasisPart;
  locationProxy: Scope2MarketBasisPart;
}

/**
 * The factor datasets (keys of `ReportSnapshot.factors`) whose entries were summed into each figure
 * (decision 058), so each fact, table row and CSV line cites only its own. Totals cite the union of
 * their parts. Absent in earlier snapshots, whose figures cite every dataset of the report.
 */
export interface FigureDatasets {
  scope1: string[];
  scope2Location: string[];
  scope2Market: string[];
  scope3: string[];
  scope3ByCategory: { category: number; datasets: string[] }[];
  outsideScopes: string[];
}

/** UK energy use by SECR's rows, kWh; null where nothing of that kind is recorded. */
export interface SecrEnergyKwh {
  gas: number | null;
  electricity: number | null;
  transport: number | null;
  total: number | null;
  /** Decision 048 onward: fuels other than gas and transport fuel, heat and steam; kWh. */
  otherFuels?: number | null;
  heatSteam?: number | null;
}

/** How energy figures were made (decision 048). */
export interface EnergyBasis {
  /** Fuels in kWh on a gross calorific value basis (DESNZ fuel properties). */
  calorificValue: 'gross';
  /** DESNZ fuel-properties publication years used, e.g. [2025]. */
  fuelPropertyYears: number[];
  /**
   * Energy categories with lines converted with those fuel properties (decision 058): the energy
   * figures that cite them. Absent in earlier snapshots.
   */
  fuelPropertyCategories?: string[];
  /** Renewable energy (electricity, heat or steam under a renewable tariff or certificate), MWh. */
  renewableMWh: number;
  /** Renewable electricity, MWh. */
  renewableElectricityMWh: number;
  /** Renewable energy over total energy, %. */
  renewableShareOfTotalPercent: number | null;
  /** Renewable electricity over electricity, %. */
  renewableShareOfElectricityPercent: number | null;
  /** Lines whose energy is not counted, with the reason and their quantity. */
  notCounted: {
    category: string;
    reason: string;
    lines: number;
    quantity: number | null;
    unit: string | null;
  }[];
  /** Owned vehicles recorded by distance (energy not counted), km. */
  vehicleDistanceKm: number;
}

export interface ReportSnapshot {
  schemaVersion: typeof SNAPSHOT_SCHEMA_VERSION;
  /** ISO timestamp of generation; renderers use it for document dates (never the clock). */
  generatedAt: string;
  report: {
    id: string;
    title: string;
    format: ReportFormat;
    framework: ReportFramework;
    /** `YYYY` or `YYYY-qN`. */
    period: string;
    /** Inclusive ISO dates `YYYY-MM-DD`. */
    periodStart: string;
    periodEnd: string;
    jurisdiction: 'CSRD' | 'SECR' | 'SEC';
    /** VSME taxonomy version for CSRD XBRL (e.g. '2026-05-01'). */
    taxonomyVersion: string;
    /**
     * 1 for the company's first report of this framework and period, 2 for the next (decision
     * 059), so reports of the same title are told apart. Absent in earlier snapshots.
     */
    version?: number;
  };
  company: {
    name: string;
    /** Entity identifier for XBRL: LEI (scheme http://standards.iso.org/iso/17442) or another scheme. */
    identifier: { scheme: string; value: string } | null;
    /** ISO 3166-1 alpha-2 of the main site (first site), or null. */
    country: string | null;
    sites: { name: string; country: string; region: string | null; postcode: string | null }[];
    employees: number | null;
    /**
     * How `employees` was counted (decision 057; absent in earlier snapshots, null when the
     * company did not say): XBRL tags the basis the company entered, never FTE as headcount.
     */
    employeesBasis?: 'headcount' | 'fte' | null;
    revenue: { amount: number; currency: string } | null;
    /**
     * GHG Protocol consolidation approach from the company profile (decision 057): null = none
     * chosen (reports say so); absent in snapshots frozen before the profile asked.
     */
    consolidationApproach?: ConsolidationApproach | null;
    /** Which entities and sites the report covers, in the company's words; null = not given. */
    organisationalBoundary?: string | null;
  };
  inventory:
    | (InventoryTotals & {
        intensityPerRevenue: SnapshotQuantity | null;
        intensityPerEmployee: SnapshotQuantity | null;
        /** tCO2e by data-quality tier (measured, supplier_specific, activity_average, spend_based). */
        byDataQuality: { tier: string; tCO2e: number }[];
        lineCount: number;
        /** The same totals for the prior period of equal length, when it has data. */
        previous: (InventoryTotals & { period: string }) | null;
        /**
         * How market-based scope 2 was made (decision 048; absent in earlier snapshots): a
         * renewable contract or certificate, the supplier's factor, or the location-based grid
         * factor standing in for want of either (no residual mix in the factor library).
         */
        scope2MarketBasis?: Scope2MarketBasis;
        /** Decision 058 onward: the datasets of each figure above. */
        datasets?: FigureDatasets;
      })
    | null;
  energy: {
    totalMWh: number;
    /** Renewable share of ELECTRICITY, % (the only share before decision 048; kept so stored
     * snapshots render as they did). */
    renewableSharePercent: number | null;
    mix: { carrier: string; mwh: number }[];
    /** Decision 048 onward (absent in earlier snapshots): */
    energyBasis?: EnergyBasis;
  } | null;
  water: { m3: number } | null;
  waste: { totalTonnes: number; recycledTonnes: number } | null;
  /** SECR section for UK companies: UK sites only. */
  uk: {
    energyKwh: SecrEnergyKwh;
    /** Decision 048 onward: the basis and coverage of the UK energy figures. */
    energyBasis?: EnergyBasis;
    scope1: number | null;
    scope2Location: number | null;
    /** Decision 058 onward: the datasets of the UK scope 1 and scope 2 figures. */
    datasets?: Pick<FigureDatasets, 'scope1' | 'scope2Location'> & {
      /** Decision 059 onward, with scope3BusinessTravel: the datasets of that figure. */
      scope3BusinessTravel?: string[];
    };
    /** UK Scope 1 + 2 per million of turnover while nothing happened outside the UK, else null. */
    intensity: SnapshotQuantity | null;
    /** Decision 059 onward: scope 3 category 6 at UK sites, tCO2e; null when none is recorded. */
    scope3BusinessTravel?: number | null;
    /** Decision 059 onward: the ledger has lines at sites outside the UK in the period. */
    hasActivityOutsideUk?: boolean;
    /** Decision 059 onward: every intensity ratio the company's figures allow (secr-figures.ts). */
    ratios?: SecrRatio[];
    /** Decision 059 onward: the prior period's UK figures, when it has data. */
    previous?: {
      period: string;
      energyKwh: SecrEnergyKwh;
      scope1: number | null;
      scope2Location: number | null;
      scope3BusinessTravel: number | null;
    } | null;
    efficiencyActions: string | null;
    methodology: string | null;
  } | null;
  workforce: {
    headcount: number;
    femaleSharePercent: number | null;
    leadershipFemaleSharePercent: number | null;
    trainingHoursPerEmployee: number | null;
    ageBands: { band: string; count: number }[];
  } | null;
  target: { baseYear: number; targetYear: number; reductionPercent: number; coverage: string } | null;
  /** Every factor dataset used by the period's results, with its source. */
  factors: { dataset: string; source: string; sourceUrl: string; gwpBasis: string; results: number }[];
  checklist: {
    jurisdiction: string;
    packId: string;
    packVersion: string;
    overallProgress: number;
    answers: {
      indicator: string;
      title: string;
      section: string;
      value: string;
      unit: string | null;
      origin: string;
      mappingLabel: string;
      /** VSME concept local names when the pack maps the indicator to VSME. */
      vsmeConcepts: string[];
    }[];
    missingRequired: { indicator: string; title: string }[];
  } | null;
  /** Approved narratives only. */
  narratives: { section: string; framework: string; content: string; version: number; updatedAt: string }[];
  /** Carbon credits, reported apart from gross emissions. */
  offsets: {
    purchasedTonnes: number;
    retiredTonnes: number;
    orders: {
      project: string;
      registry: string;
      vintage: number;
      quantity: number;
      serialStart: string;
      serialEnd: string;
      status: string;
    }[];
  } | null;
  /** The evidence appendix: files attached to checklist indicators. */
  evidence: {
    indicator: string;
    fileName: string;
    contentType: string;
    size: number;
    sha256: string;
    uploadedAt: string;
  }[];
  /**
   * Absent in snapshots stored before branding existed, null when the company had no branding or
   * its plan did not include it: both render the default look.
   */
  branding?: SnapshotBranding | null;
  /**
   * The company's signed audit log checkpoint at generation (decision 043), so the report carries
   * a record of the log's state that outlives the database. Absent in snapshots stored before
   * checkpoints existed, null when the log had none yet.
   */
  auditCheckpoint?: SnapshotAuditCheckpoint | null;
  /**
   * Which ledger lines of the period the figures cover (decision 051): all lines dated in the
   * period, and those that are not counted (no figure) with their reasons, frozen at generation.
   * Absent in snapshots stored before coverage statements existed.
   */
  coverage?: {
    lineCount: number;
    notCounted: NotCountedSummary;
  };
}

/** An SECR intensity ratio; `value` null when it cannot be made (a quarter of a year's turnover). */
export interface SecrRatio {
  denominator: 'revenue' | 'employees';
  /**
   * 'uk': UK emissions; 'company': the whole company's (it has activity outside the UK);
   * 'entered': typed by a person into the SECR checklist.
   */
  basis: 'uk' | 'company' | 'entered';
  value: number | null;
  unit: string;
}

/** A signed position of the audit hash chain (src/server/features/audit/checkpoint.ts). */
export interface SnapshotAuditCheckpoint {
  seq: number;
  /** SHA-256 chain hash at `seq`, hex. */
  chainHash: string;
  signedAt: string;
  /** base64url HMAC-SHA-256 under a key derived from the installation's SECRETS_KEY. */
  signature: string;
}

/** The checkpoint as one line, the same words in every format. */
export function auditCheckpointLine(checkpoint: SnapshotAuditCheckpoint): string {
  return `Audit log checkpoint: seq ${checkpoint.seq}, hash ${checkpoint.chainHash}, signed ${checkpoint.signedAt} (HMAC-SHA256 ${checkpoint.signature})`;
}

/**
 * Report branding as it stood at generation (Enterprise plan; docs/decisions/027-custom-branding.md).
 * The logo travels inside the snapshot (base64) so a stored snapshot still renders the same bytes
 * after the logo is changed or removed.
 */
export interface SnapshotBranding {
  /** Shown instead of the company name on the cover and in the footers; null: the company name. */
  brandName: string | null;
  /** `#RRGGBB`, at least 4.5:1 against white (checked when saved). */
  accentColour: string;
  logo: { contentType: 'image/png' | 'image/jpeg'; width: number; height: number; base64: string } | null;
}

/** One rendered file. */
export interface RenderedReport {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}
