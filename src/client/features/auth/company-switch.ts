import { MAIN_NAV, SECONDARY_NAV } from '../../stores/sidebar';

/**
 * The shell's pages show whichever company the session is in, so after a switch the same page is
 * loaded again. Anything else (a deeper path, or a page outside the shell) may name something of
 * the company just left, so the person lands on the dashboard. The query and hash are dropped for
 * the same reason: they carry one-off outcomes such as `?connected=shopify` (decision 031).
 */
const PAGES_FOR_ANY_COMPANY = new Set(
  [...MAIN_NAV, ...SECONDARY_NAV].map((item) => item.href).concat('/support'),
);

export function addressAfterSwitch(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PAGES_FOR_ANY_COMPANY.has(path) ? path : '/';
}
