// The ledger holds its company, site and import by integer keys, not their UUIDs (decision 088);
// everything outside the ledger's own columns, the API and audit rows included, keeps the UUIDs.
// A service turns its UUID into the key inside the statement, once per statement: SQLite runs an
// uncorrelated scalar subquery once, and the equality on its result still picks the same index
// (bench/ledger-plans.ts), so no query needs the key read beforehand.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { companies } from '../../../../../db/schema/auth.ts';
import { activityImports, activityLines, sites } from '../../../../../db/schema/ledger.ts';
import { lineValue } from './new-lines.ts';

/** The ledger key of the caller's company: a line is reached only through it (tenant isolation). */
export const companyKeyOf = (companyId: string): SQL<number> =>
  sql<number>`(SELECT ${companies.ledgerKey} FROM ${companies} WHERE ${companies.id} = ${companyId})`;

/** The ledger key of one of the company's sites; null (matching no line) for another company's. */
export const siteKeyOf = (companyId: string, siteId: string): SQL<number> =>
  sql<number>`(SELECT ${sites.ledgerKey} FROM ${sites} WHERE ${sites.id} = ${siteId} AND ${sites.companyId} = ${companyId})`;

/** The ledger key of one of the company's imports; null (matching no line) for another company's. */
export const importKeyOf = (companyId: string, importId: string): SQL<number> =>
  sql<number>`(SELECT ${activityImports.ledgerKey} FROM ${activityImports} WHERE ${activityImports.id} = ${importId} AND ${activityImports.companyId} = ${companyId})`;

/**
 * The company's term for a statement that finds its lines another way (an import, a list of ids):
 * checked on each row found, kept out of the index choice by the unary `+`. Usable, it makes SQLite
 * walk the company's whole ledger in a (company, …) index instead, so the statement grew with the
 * ledger (decision 101). The term stays: a line is reached only beside its company's key.
 */
export const ofCompany = (companyId: string): SQL =>
  sql`+${activityLines.companyKey} = ${companyKeyOf(companyId)}`;

/** The lines of one of the company's imports, found through the import's index (decision 101). */
export const lineOfImport = (companyId: string, importId: string): SQL =>
  and(ofCompany(companyId), eq(activityLines.importKey, importKeyOf(companyId, importId)))!;

/** A line's import as its public id (null for a line entered on its own). */
export const lineImportId = sql<
  string | null
>`(SELECT ${activityImports.id} FROM ${activityImports} WHERE ${activityImports.ledgerKey} = ${activityLines.importKey})`.as(
  'import_id',
);

/**
 * The public id of the site joined on a line's key (`innerJoin(sites, eq(sites.ledgerKey,
 * activityLines.siteKey))`), named `site_id`: D1 answers a join's columns by name, so a second `id`
 * beside the line's would be lost.
 */
export const joinedSiteId = sql<string>`${sites.id}`.as('site_id');

/** A line's site as its public id, without a join. */
export const lineSiteId =
  sql<string>`(SELECT ${sites.id} FROM ${sites} WHERE ${sites.ledgerKey} = ${activityLines.siteKey})`.as(
    'site_id',
  );

/**
 * A line's public id (decision 092): the decimal text of its integer id, for every line, old or new.
 * Contracts, links and audit rows carry it; the integer never leaves the server as a number.
 */
export const linePublicId = sql<string>`${activityLines.id}`.mapWith(String);

/**
 * The line a public id names (decision 092): the decimal text of its integer id, or the UUID a line
 * written before had (its legacy_id), which old links and audit rows still carry. Anything else
 * names no line. Always beside the company's key: it says which line, not whose.
 */
export function lineNamed(publicId: string): SQL {
  return /^[1-9][0-9]{0,15}$/.test(publicId) && Number.isSafeInteger(Number(publicId))
    ? eq(activityLines.id, Number(publicId))
    : eq(activityLines.legacyId, publicId);
}

/** `lineValue` around a bound value (a parameter or placeholder) instead of SQL text: the writers' shared columns. */
export function boundLineValue(key: string, value: unknown): SQL {
  const [before = '', after = ''] = lineValue(key, '?').split('?');
  return sql`${sql.raw(before)}${value}${sql.raw(after)}`;
}
