import type { Role } from '../../../domain/contracts/auth';

/** spec §9 team roles (member is the default) and what each may do (ARCHITECTURE.md "Tenancy and roles"). */
export const ROLE_OPTIONS: readonly { value: Role; label: string; description: string }[] = [
  { value: 'admin', label: 'Admin', description: 'team, billing, API keys, filing and deletion' },
  { value: 'member', label: 'Member', description: 'edit data, narratives and reports' },
  { value: 'viewer', label: 'Viewer', description: 'read only' },
];

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
