import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import {
  $sidebarOpen,
  closeSidebar,
  isNavItemActive,
  MAIN_NAV,
  type NavItem,
  SECONDARY_NAV,
  SIDEBAR_ID,
  SIDEBAR_TOGGLE_ID,
} from '../client/stores/sidebar';
import { cn } from '../client/ui/cn';
import { CloseIcon, LeafIcon } from '../client/ui/icons';
import { IslandRoot } from '../client/ui/island-root';

function NavList({ items, path, label }: { items: readonly NavItem[]; path: string; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {items.map((item) => {
          const active = isNavItemActive(item.href, path);
          return (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center rounded-md px-3 py-2 text-sm',
                  active
                    ? 'bg-brand-50 font-semibold text-brand-800'
                    : 'text-slate-700 hover:bg-canvas hover:text-ink',
                )}
              >
                {item.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SidebarPanel({ path }: { path: string }) {
  const open = useStore($sidebarOpen, { ssr: 'initial' });
  const panelRef = useRef<HTMLElement>(null);

  // Below xl the sidebar is a drawer: focus moves into it, Escape closes it and returns focus.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeSidebar();
      document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      {open ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 z-30 cursor-default bg-slate-900/50 xl:hidden"
          onClick={closeSidebar}
        />
      ) : null}
      <aside
        id={SIDEBAR_ID}
        ref={panelRef}
        aria-label="Sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-border bg-surface xl:flex',
          open ? 'flex' : 'hidden',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b border-border px-4">
          <a href="/" className="flex items-center gap-2 rounded-md text-lg font-semibold text-brand-800">
            <LeafIcon className="size-6 text-brand-700" />
            ESG Pilot
          </a>
          <button
            type="button"
            onClick={() => {
              closeSidebar();
              document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();
            }}
            className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-canvas xl:hidden"
            aria-label="Close navigation"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex flex-1 flex-col justify-between gap-6 overflow-y-auto p-3">
          <NavList items={MAIN_NAV} path={path} label="Main" />
          <NavList items={SECONDARY_NAV} path={path} label="Account" />
        </div>
      </aside>
    </>
  );
}

/** `path` is the route this page is served at (the dashboard is built under /signed-in but served at /). */
export default function Sidebar({ path }: { path: string }) {
  return (
    <IslandRoot>
      <SidebarPanel path={path} />
    </IslandRoot>
  );
}
