import { atom } from 'nanostores';

/**
 * Navigation of the signed-in shell (spec §2 "Navigation shell"), plus Requests: the inbox of
 * customers' and banks' data requests (issue 22).
 */
export interface NavItem {
  label: string;
  href: string;
}

export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Data Sources', href: '/data-sources' },
  { label: 'ESG Wizard', href: '/esg-wizard' },
  { label: 'Narrative Builder', href: '/narrative-builder' },
  { label: 'KPI Dashboard', href: '/kpi-dashboard' },
  { label: 'Export & Filing', href: '/export' },
  { label: 'Requests', href: '/requests' },
  { label: 'Analytics', href: '/analytics' },
  { label: 'Marketplace', href: '/marketplace' },
];

export const SECONDARY_NAV: readonly NavItem[] = [
  { label: 'Settings', href: '/settings' },
  { label: 'Privacy', href: '/privacy' },
];

export const SIDEBAR_ID = 'app-sidebar';
export const SIDEBAR_TOGGLE_ID = 'sidebar-toggle';

function stripTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/**
 * spec §2: an item is active when the path equals its href, or starts with it — except the root,
 * which would otherwise match every page. A prefix only counts at a segment boundary, so
 * /exports is not inside /export.
 */
export function isNavItemActive(href: string, currentPath: string): boolean {
  const path = stripTrailingSlash(currentPath || '/');
  if (path === href) return true;
  if (href === '/') return false;
  return path.startsWith(`${href}/`);
}

/** Mobile sidebar (below the xl breakpoint); at xl and up it is always shown. */
export const $sidebarOpen = atom(false);

export function openSidebar(): void {
  $sidebarOpen.set(true);
}

export function closeSidebar(): void {
  $sidebarOpen.set(false);
}

export function toggleSidebar(): void {
  $sidebarOpen.set(!$sidebarOpen.get());
}
