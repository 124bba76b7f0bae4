// Supplier credits (QuickBooks vendor credits and card refunds, Xero ACCPAYCREDIT credit notes and
// refunds received into expense accounts) lower the spend they give back, so spend-based emissions
// are not overstated (decision 028). The ledger has one line per purchase line and refuses negative
// spend (decision 023: negative emissions, and two lines per provider id would break the
// reconciliation of decision 016), so a credit never becomes a line of its own: it is taken off the
// purchase lines it most plausibly refunds.
//
// The rule, for both connectors:
// - a credit reduces only spend in the SAME account, the SAME tracking option (or both without
//   one), the SAME calendar month and the SAME currency: the narrowest group the books state
//   without a link from the credit to the bill it refunds (QuickBooks has none; Xero's allocations
//   say which bill was paid with it, not which line it returns);
// - within the group the credit is shared pro rata to each line's amount, in whole cents, the odd
//   cents going to the largest remainders (Hamilton's method), so the group's total falls by
//   exactly the credit and no line depends on the order the provider listed them in;
// - no line goes below zero: credit beyond the group's spend is left over, carried nowhere (not to
//   other months: that would move emissions between periods, possibly into a year already
//   reported) and returned so the sync can tell people. Leaving it out can only overstate
//   emissions, never hide real spend, and saying so on the sync record is the disclosure the
//   GHG Protocol Corporate Standard's transparency principle (ch. 1) asks of such assumptions.
// Lines keep their externalId; only `amount` changes, so a re-sync replaces a line whose credit
// changed, and a line credited in full (amount 0) is removed by the sync (sync.ts skips amount ≤ 0).

/** What netting reads of a purchase or credit line (the connectors' ExternalLine fits). */
export interface NettableLine {
  externalId: string;
  /** `YYYY-MM-DD` */
  date: string;
  account: { key: string; name: string };
  tracking?: { key: string; name: string } | null;
  /** ISO 4217 */
  currency: string;
  /** Excluding tax; a credit line's amount is what it gives back (positive). */
  amount: number;
  document: string | null;
}

/** Credit that found less spend than it returns in its group. */
export interface CreditLeftover {
  accountKey: string;
  accountName: string;
  trackingName: string | null;
  /** `YYYY-MM` */
  month: string;
  currency: string;
  /** Credit not subtracted, rounded to cents. */
  amount: number;
  /** The credits' documents, for people to find them. */
  documents: string[];
}

export interface NettedSpend<T> {
  /** The spend lines in their order; a credited line is a copy with its lowered amount. */
  lines: T[];
  leftovers: CreditLeftover[];
}

/** Amounts in whole cents; `toFixed` first so 1.005 × 100 = 100.49999… still rounds to 101. */
const toCents = (amount: number) => Math.round(Number((amount * 100).toFixed(6)));

const groupKey = (line: NettableLine) =>
  JSON.stringify([line.account.key, line.tracking?.key ?? null, line.date.slice(0, 7), line.currency]);

interface CreditGroup {
  cents: number;
  sample: NettableLine;
  documents: Set<string>;
}

/**
 * Splits `amount` cents over lines of `weights` cents (amount ≤ their sum) in proportion, by
 * largest remainder; ties go to the larger line, then to the first `ids` in text order. Each share
 * is at most its weight. BigInt because cents × cents passes 2^53 for amounts over ~$950,000.
 */
export function apportionCents(amount: number, weights: readonly number[], ids: readonly string[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => (BigInt(amount) * BigInt(weight)) / BigInt(total));
  const remainders = weights.map((weight) => (BigInt(amount) * BigInt(weight)) % BigInt(total));
  let odd = amount - shares.reduce((sum, share) => sum + Number(share), 0);
  const order = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const byRemainder = remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : 0;
      if (byRemainder !== 0) return byRemainder;
      if (weights[b] !== weights[a]) return weights[b]! - weights[a]!;
      return ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0;
    });
  const result = shares.map(Number);
  // The odd cents number fewer than the lines with a remainder, so each gets at most one.
  for (const index of order) {
    if (odd <= 0) break;
    result[index]! += 1;
    odd--;
  }
  return result;
}

/** The spend lines less the credits of their group (see the rule above), and what was left over. */
export function netCredits<T extends NettableLine>(
  spend: readonly T[],
  credits: readonly NettableLine[],
): NettedSpend<T> {
  const groups = new Map<string, CreditGroup>();
  for (const credit of credits) {
    const key = groupKey(credit);
    const group = groups.get(key) ?? { cents: 0, sample: credit, documents: new Set<string>() };
    // A negative line on a credit (a restocking fee kept back) lowers what the credit returns.
    group.cents += toCents(credit.amount);
    if (credit.document) group.documents.add(credit.document);
    groups.set(key, group);
  }
  const members = new Map<string, number[]>();
  spend.forEach((line, index) => {
    const key = groupKey(line);
    if (!groups.has(key) || toCents(line.amount) <= 0) return;
    members.set(key, [...(members.get(key) ?? []), index]);
  });
  const lines = [...spend];
  const leftovers: CreditLeftover[] = [];
  for (const [key, group] of groups) {
    if (group.cents <= 0) continue;
    const indexes = members.get(key) ?? [];
    const weights = indexes.map((index) => toCents(spend[index]!.amount));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const reductions = apportionCents(
      Math.min(group.cents, total),
      weights,
      indexes.map((index) => spend[index]!.externalId),
    );
    indexes.forEach((index, n) => {
      if (reductions[n]! > 0)
        lines[index] = { ...spend[index]!, amount: (weights[n]! - reductions[n]!) / 100 };
    });
    if (group.cents > total) {
      leftovers.push({
        accountKey: group.sample.account.key,
        accountName: group.sample.account.name,
        trackingName: group.sample.tracking?.name ?? null,
        month: group.sample.date.slice(0, 7),
        currency: group.sample.currency,
        amount: (group.cents - total) / 100,
        documents: [...group.documents].sort(),
      });
    }
  }
  leftovers.sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      a.accountName.localeCompare(b.accountName) ||
      (a.trackingName ?? '').localeCompare(b.trackingName ?? '') ||
      a.currency.localeCompare(b.currency),
  );
  return { lines, leftovers };
}

/** Leftovers named in full; the rest are counted. */
const LISTED = 3;

/** One sentence for the sync record about credit that was not subtracted; null when none was. */
export function describeLeftovers(leftovers: readonly CreditLeftover[]): string | null {
  if (leftovers.length === 0) return null;
  const named = leftovers.slice(0, LISTED).map((leftover) => {
    const where = [leftover.accountName, leftover.trackingName, leftover.month].filter(Boolean).join(', ');
    const documents = leftover.documents.length > 0 ? ` (${leftover.documents.join(', ')})` : '';
    return `${where}: ${leftover.currency} ${leftover.amount.toFixed(2)}${documents}`;
  });
  const more = leftovers.length > LISTED ? `; and ${leftovers.length - LISTED} more` : '';
  return `Supplier credits not subtracted, for want of spend on the same account and tracking in the same month (not carried to other months): ${named.join('; ')}${more}.`;
}
