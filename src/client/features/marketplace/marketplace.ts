import {
  type OffsetProject,
  type ProjectType,
  ProjectTypeSchema,
  type SyncResult,
} from '../../../domain/contracts/marketplace';

/** spec §5: the type filter is 'all' or one exact project type. */
export type TypeFilter = 'all' | ProjectType;

/** spec §9: cards show at most three co-benefit badges, then '+N more'. */
export const MAX_COBENEFIT_BADGES = 3;

/** 'renewable_energy' → 'Renewable Energy'. */
export function humanizeType(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The filter buttons: 'All', then every project type of the contract, humanised. */
export function typeFilterOptions(): Array<{ value: TypeFilter; label: string }> {
  return [
    { value: 'all', label: 'All' },
    ...ProjectTypeSchema.options.map((type) => ({ value: type, label: humanizeType(type) })),
  ];
}

/**
 * spec §5 marketplace search: the text (trimmed) matches case-insensitively anywhere in the name,
 * description or location; the type filter keeps 'all' or exactly one project type.
 */
export function filterProjects<
  T extends Pick<OffsetProject, 'name' | 'description' | 'location' | 'projectType'>,
>(projects: readonly T[], search: string, type: TypeFilter): T[] {
  const needle = search.trim().toLowerCase();
  return projects.filter((project) => {
    if (type !== 'all' && project.projectType !== type) return false;
    if (!needle) return true;
    return [project.name, project.description, project.location].some((field) =>
      field.toLowerCase().includes(needle),
    );
  });
}

/**
 * spec §5 purchase quantity: non-numeric input becomes 1; a number is kept as a whole number (so 0
 * or a negative stays, and the confirm button is disabled for it).
 */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return 1;
  return Math.trunc(Number(trimmed));
}

/** spec §4: the dialog opens on 1, or on the available credits when fewer than 1 remain. */
export function initialQuantity(availableCredits: number): number {
  return Math.min(1, availableCredits);
}

/** spec §5: confirm is disabled when the quantity is not positive or a purchase is in flight. */
export function canConfirmPurchase(quantity: number, isPending: boolean): boolean {
  return Number.isInteger(quantity) && quantity > 0 && !isPending;
}

/** Decimal dollars as text ("18.50", "7", "0.5") → whole cents; null when not a price. */
export function priceToCents(price: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d{1,2})\d*)?\s*$/.exec(price);
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** spec §5: Total = price × quantity, computed in cents so 3 × $18.10 is $54.30, not $54.300000001. */
export function totalCents(price: string, quantity: number): number | null {
  const cents = priceToCents(price);
  if (cents === null || !Number.isFinite(quantity)) return null;
  return cents * quantity;
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** spec §9: dollars with two decimals, e.g. '$1,234.50'. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

export function formatCents(cents: number): string {
  return formatDollars(cents / 100);
}

/** A decimal-text price as dollars; shown as sent when it is not a number. */
export function formatPrice(price: string): string {
  const cents = priceToCents(price);
  return cents === null ? price : formatCents(cents);
}

/** spec §9: '$X.XX per tCO2e'. */
export function formatPricePerTonne(price: string | number): string {
  const text = typeof price === 'number' ? formatDollars(price) : formatPrice(price);
  return `${text} per tCO2e`;
}

/** Whole counts with thousands separators ('12,500'). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

/** Tonnes CO2e with two decimals: SME footprints are often a few tonnes. */
export function formatTonnes(value: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** Percentage with at most one decimal ('42.5%'). */
export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)}%`;
}

/** spec §9: at most three badges; the rest are counted as '+N more' (null when none are hidden). */
export function cobenefitBadges(
  cobenefits: readonly string[],
  limit = MAX_COBENEFIT_BADGES,
): { shown: string[]; moreLabel: string | null } {
  const shown = cobenefits.slice(0, limit);
  const hidden = cobenefits.length - shown.length;
  return { shown, moreLabel: hidden > 0 ? `+${hidden} more` : null };
}

/** The success toast's description: what the sync changed, e.g. '2 added, 1 updated'. */
export function describeSyncResult(result: SyncResult): string {
  const parts: string[] = [];
  if (result.added.length > 0) parts.push(`${result.added.length} added`);
  if (result.updated.length > 0) parts.push(`${result.updated.length} updated`);
  if (result.rejected.length > 0) parts.push(`${result.rejected.length} rejected`);
  if (result.heldBack.length > 0) parts.push(`${result.heldBack.length} held back`);
  if (parts.length === 0) {
    return result.unchanged === 1
      ? 'No changes: 1 project is up to date'
      : `No changes: ${result.unchanged} projects are up to date`;
  }
  return result.unchanged > 0 ? `${parts.join(', ')}, ${result.unchanged} unchanged` : parts.join(', ');
}

/** Purchase history dates, e.g. '14 Mar 2025'. Shown as sent when not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** The first sentence of a permanence note, kept short for the card (the full text stays in a title). */
export function shortNote(text: string, maxLength = 120): string {
  const trimmed = text.trim();
  const sentence = /^.*?[.!?](\s|$)/.exec(trimmed)?.[0]?.trim() ?? trimmed;
  if (sentence.length <= maxLength) return sentence;
  return `${sentence.slice(0, maxLength - 1).trimEnd()}…`;
}
