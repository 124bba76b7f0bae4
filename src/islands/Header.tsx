import { useStore } from '@nanostores/react';
import { UserMenu } from '../client/features/profile/user-menu';
import { AboutDialog } from '../client/features/support/about-dialog';
import { HelpMenu } from '../client/features/support/help-menu';
import { $sidebarOpen, SIDEBAR_ID, SIDEBAR_TOGGLE_ID, toggleSidebar } from '../client/stores/sidebar';
import { buttonClasses } from '../client/ui/button';
import { BellIcon, MenuIcon } from '../client/ui/icons';
import { IslandRoot } from '../client/ui/island-root';
import {
  Popover,
  PopoverContent,
  PopoverDescription,
  PopoverTitle,
  PopoverTrigger,
} from '../client/ui/popover';

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

/** No notification source exists yet, so there is never an unread dot. */
function Notifications() {
  const unread = 0;
  return (
    <Popover>
      <PopoverTrigger className={buttonClasses('ghost', 'icon', 'relative')} aria-label="Notifications">
        <BellIcon />
        {unread > 0 ? (
          <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-danger" />
        ) : null}
      </PopoverTrigger>
      <PopoverContent>
        <PopoverTitle>Notifications</PopoverTitle>
        <PopoverDescription>You're all caught up.</PopoverDescription>
      </PopoverContent>
    </Popover>
  );
}

function AppHeader() {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-surface px-4 xl:px-8">
      <SidebarToggle />
      {/* spec §2 fixes this title on every page; each page's own h1 is inside <main>. */}
      <p className="truncate text-base font-semibold text-ink sm:text-lg">Dashboard Overview</p>
      <div className="ml-auto flex items-center gap-1">
        <HelpMenu />
        <AboutDialog />
        <Notifications />
        <UserMenu />
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
