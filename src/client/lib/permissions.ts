import { useStore } from '@nanostores/react';
import { type Action, can, minimumRole } from '../../domain/account/permissions';
import type { Role } from '../../domain/contracts/auth';
import { $currentUser } from '../stores/user';

/**
 * The matrix of src/domain/account/permissions.ts in the browser: screens hide or disable what
 * the signed-in role cannot do. The server enforces the same matrix on every call, so this only
 * spares people a control that would answer 403.
 */

/** The signed-in member's role, or null until the current user has loaded. */
export function useRole(): Role | null {
  const session = useStore($currentUser, { ssr: 'initial' });
  return session.status === 'authenticated' ? session.user.role : null;
}

/**
 * Whether the signed-in member may do `action`. True until the user has loaded, as the screens
 * did before roles were shown: hiding controls from everyone while loading would shift the page
 * under people who may use them, and the server refuses anyway.
 */
export function useCan(action: Action): boolean {
  const role = useRole();
  return role === null || can(role, action);
}

/** What an admin-only action is called in "Only an admin can …". */
const ADMIN_ACTION_WORDS: Partial<Record<Action, string>> = {
  'sources.delete': 'delete a data source',
  'evidence.delete': 'delete evidence',
  'company.edit': 'change the company name or jurisdiction',
  'filing.submit': 'file a report with a regulator',
  'offsets.purchase': 'buy offsets',
  'offsets.retire': 'retire offsets',
  'team.manage': 'manage the team',
  'billing.manage': 'manage billing',
  'apiKeys.manage': 'manage API keys',
  'branding.manage': 'change the report branding',
  'audit.read': 'read the audit log',
  'account.delete': 'delete the company account',
};

export const VIEWER_NOTE = 'Viewers can read but not change data.';

/** The short note shown where a control is hidden from `role`; null when `role` may act. */
export function permissionNote(role: Role | null, action: Action): string | null {
  if (role === null || can(role, action)) return null;
  return minimumRole(action) === 'admin'
    ? `Only an admin can ${ADMIN_ACTION_WORDS[action] ?? 'do this'}.`
    : VIEWER_NOTE;
}

/** `permissionNote` for the signed-in member. */
export function usePermissionNote(action: Action): string | null {
  return permissionNote(useRole(), action);
}
