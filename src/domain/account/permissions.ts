import type { Role } from '../contracts/auth.ts';

/**
 * The permission matrix, written once (issue 9; docs/decisions/019-roles.md gives the reason for
 * every row). The server enforces it on every call (src/server/lib/permissions.ts) and the client
 * hides what a role cannot do (src/client/lib/permissions.ts). Roles are ordered: a role may do
 * everything the roles below it may do (ARCHITECTURE.md "Tenancy and roles": viewer reads,
 * member edits data, narratives and reports, admin manages team, billing, API keys, filing and
 * deletion).
 *
 * Keep the action names stable: other features and tests refer to them by name.
 */
export const PERMISSIONS = {
  // Anyone in the company, viewers included.
  /** Read every screen, list and download (reports, evidence, certificates, filing packages). */
  'data.read': 'viewer',
  /** Grounding check of a draft narrative: computes, writes nothing. */
  'narratives.check': 'viewer',
  /** Render an XBRL file from a frozen report: a download, writes nothing. */
  'reports.export': 'viewer',
  /** One's own name, email and photo (not the company's fields: see `company.edit`). */
  'profile.edit': 'viewer',
  /** Export or erase one's own personal data (GDPR Articles 15, 17 and 20). */
  'profile.privacy': 'viewer',
  /** Send feedback or a bug report to support. */
  'feedback.submit': 'viewer',
  /** Product-analytics beacons about one's own use of the product. */
  'analytics.track': 'viewer',

  // Members: edit data, narratives and reports.
  /** Ledger lines (add, edit, delete one line), CSV import, sites, KPI target, workforce, financials. */
  'data.edit': 'member',
  /** Re-run the emission calculation over stored lines with the current factor library. */
  'emissions.recalculate': 'member',
  /** Upload a receipt or invoice to be scanned into a ledger line. */
  'receipts.scan': 'member',
  /** Add or connect a data source, test it, sync it, edit its account mapping. */
  'sources.manage': 'member',
  /** ESG checklist: initialise, answer, attach evidence. */
  'esg.edit': 'member',
  /** Generate, write, edit, approve and restore narratives. */
  'narratives.edit': 'member',
  /** Generate a report and mark it final. */
  'reports.edit': 'member',
  /** Refresh the offset catalogue from its registry feed (spends nothing). */
  'offsets.sync': 'member',
  /**
   * The company's reporting year, which the dashboard, KPI page and marketplace show (decision
   * 053): it changes what everyone sees, never a stored figure.
   */
  'reportingYear.set': 'member',
  /** Value-chain data requests: record one, edit or decline its answers (decision 077). */
  'dataRequests.edit': 'member',
  /**
   * Publish a request's signed pack behind a link, or revoke it (decision 078): like sending a
   * report, which members do.
   */
  'dataRequests.share': 'member',

  // Admins: team, billing, API keys, filing, deletion, and anything that spends money.
  /** Delete a data source, with or without its ledger lines. */
  'sources.delete': 'admin',
  /** Delete an ESG evidence file. */
  'evidence.delete': 'admin',
  /** The company's name and reporting jurisdiction. */
  'company.edit': 'admin',
  /** Submit a report to a regulator. */
  'filing.submit': 'admin',
  /** Buy carbon offsets (spends money). */
  'offsets.purchase': 'admin',
  /** Retire purchased offsets (irreversible, public on the registry). */
  'offsets.retire': 'admin',
  /** Invite, change the role of and remove team members. */
  'team.manage': 'admin',
  /** Change the plan or the payment method (reading the current plan is `data.read`). */
  'billing.manage': 'admin',
  /** Create, reveal, regenerate and revoke API keys. */
  'apiKeys.manage': 'admin',
  /** Report branding: brand name, accent colour and logo (Enterprise plan too; decision 027). */
  'branding.manage': 'admin',
  /** Read the audit log (carries colleagues' IP addresses). */
  'audit.read': 'admin',
  /** Delete the company account with all its data. */
  'account.delete': 'admin',
} as const satisfies Record<string, Role>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export const ROLE_RANK: Readonly<Record<Role, number>> = { viewer: 0, member: 1, admin: 2 };

/** The lowest role allowed to do `action`. */
export function minimumRole(action: Action): Role {
  return PERMISSIONS[action];
}

/** Whether `role` reaches `minimum` (admin ≥ member ≥ viewer). */
export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/** Whether a member with `role` may do `action`. */
export function can(role: Role, action: Action): boolean {
  return roleAtLeast(role, minimumRole(action));
}
