// The company-level account mapping (decision 050): how an account of the company's books counts,
// chosen once in an accounting export's import and remembered for the next file; connectors use it
// for an account the person has not mapped on the source itself (sync.ts).
import { eq } from 'drizzle-orm';
import { companyAccountMappings } from '../../../../db/schema/connectors.ts';
import {
  accountKeyOf,
  isSpendVariant,
} from '../../../domain/activity-import/accounting-export/account-targets.ts';
import { replaceRefusedCharacters } from '../../../domain/contracts/text.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { auditInsert } from '../audit/service.ts';

export interface CompanyAccountMapping {
  accountKey: string;
  accountCode: string | null;
  accountName: string;
  category: string;
  variant: string | null;
}

/** The company's remembered mappings, by account key. */
export async function companyAccountMappingsOf(
  ctx: ServiceContext,
  companyId: string,
): Promise<Map<string, CompanyAccountMapping>> {
  const rows = await ctx.db
    .select({
      accountKey: companyAccountMappings.accountKey,
      accountCode: companyAccountMappings.accountCode,
      accountName: companyAccountMappings.accountName,
      category: companyAccountMappings.category,
      variant: companyAccountMappings.variant,
    })
    .from(companyAccountMappings)
    .where(eq(companyAccountMappings.companyId, companyId));
  return new Map(rows.map((row) => [row.accountKey, row]));
}

/** The company's mapping of one account by its name (what a connector knows), or undefined. */
export function companyMappingFor(
  mappings: ReadonlyMap<string, CompanyAccountMapping>,
  account: { name: string },
): CompanyAccountMapping | undefined {
  return mappings.get(accountKeyOf(account));
}

/**
 * What a connector line of an account the company mapped becomes: spend with the company's
 * spend category, or nothing ('ignore'). A quantity category (electricity, diesel…) does not
 * apply: a connector's bill line carries money, not kWh or litres, so the source's own default
 * stays (undefined).
 */
export function connectorTargetOf(
  mapping: CompanyAccountMapping | undefined,
): { category: 'purchased_goods'; variant: string } | { category: 'ignore'; variant: null } | undefined {
  if (!mapping) return undefined;
  if (mapping.category === 'ignore') return { category: 'ignore', variant: null };
  if (mapping.category === 'purchased_goods' && mapping.variant && isSpendVariant(mapping.variant)) {
    return { category: 'purchased_goods', variant: mapping.variant };
  }
  return undefined;
}

/**
 * Statements that remember `mappings` for the caller's company (insert or replace), with their
 * audit row; the caller runs them in one batch.
 */
export function saveCompanyAccountMappingsStatements(
  ctx: AuthedContext,
  mappings: readonly Omit<CompanyAccountMapping, 'accountKey'>[],
) {
  const now = ctx.now();
  const statements = mappings.map((mapping) => {
    const accountName = replaceRefusedCharacters(mapping.accountName).slice(0, 200);
    const values = {
      accountCode: mapping.accountCode ? replaceRefusedCharacters(mapping.accountCode).slice(0, 40) : null,
      accountName,
      category: mapping.category,
      variant: mapping.variant,
      updatedBy: ctx.userId,
      updatedAt: now,
    };
    return ctx.db
      .insert(companyAccountMappings)
      .values({
        companyId: ctx.companyId,
        accountKey: accountKeyOf({ name: mapping.accountName }),
        ...values,
      })
      .onConflictDoUpdate({
        target: [companyAccountMappings.companyId, companyAccountMappings.accountKey],
        set: values,
      });
  });
  return [
    ...statements,
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'account_mappings_saved',
      entityType: 'company_account_mapping',
      entityId: null,
    }),
  ];
}
