import { useStore } from '@nanostores/react';
import { DeferredUserMenu } from '../client/features/auth/user-menu-trigger';
import {
  DeferredAboutDialog,
  DeferredHelpMenu,
  DeferredNotifications,
} from '../client/features/support/help-menu-trigger';
import { watchSession } from '../client/lib/session-watch';
import { $sidebarOpen, SIDEBAR_ID, SIDEBAR_TOGGLE_ID, toggleSidebar } from '../client/stores/sidebar';
import { buttonClasses } from '../client/ui/button';
import { MenuIcon } from '../client/ui/icons';
import { IslandRoot } from '../client/ui/island-root';

// The session watch starts when this module runs, as soon as its code has arrived and before React
// renders (decision 064), from the header's own file rather than a module script of its own: one
// request fewer on every signed-in page (decision 070). Not during the build's server render.
if (!import.meta.env.SSR) watchSession(document.body.dataset.requireSession === 'true');

function SidebarToggle() {
  const open = useStore($sidebarOpen, { ssr: 'initial' });
  return (
    <button
      type="button"
      id={SIDEBAR_TOGGLE_ID}
      className={buttonClasses('ghost', 'icon', 'xl:hidden')}
      aria-label="Navigation menu"
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      onClick={toggleSidebar}
    >
      <MenuIcon className="size-5" />
    </button>
  );
}

function AppHeader() {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-surface px-4 xl:px-8">
      <SidebarToggle />
      {/* spec §2 fixes this title on every page; each page's own h1 is inside <main>. */}
      <p className="truncate text-base font-semibold text-ink sm:text-lg">Dashboard Overview</p>
      <div className="ml-auto flex items-center gap-1">
        {/* Menus and dialogs load their code on first use (decision 064). */}
        <DeferredHelpMenu />
        <DeferredAboutDialog />
        <DeferredNotifications />
        <DeferredUserMenu />
      </div>
    </header>
  );
}

export default function Header() {
  return (
    <IslandRoot>
      <AppHeader />
    </IslandRoot>
  );
}
