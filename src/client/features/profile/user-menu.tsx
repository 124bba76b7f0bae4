import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $currentUser } from '../../stores/user';
import { Avatar } from '../../ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { ChevronDownIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { LOGOUT_PATH, logOut, useMyCompanies } from './api';
import { CompanySwitchGroup } from './company-switch-group';
import { getCompanyLabel, getDisplayName, getInitials } from './display';

export function UserMenu() {
  const state = useStore($currentUser, { ssr: 'initial' });
  const user = state.user;
  const name = getDisplayName(user);
  const company = getCompanyLabel(user?.companyName);
  // The company list is fetched once the person reaches for the menu (hover, focus or open).
  const [companiesWanted, setCompaniesWanted] = useState(false);
  const wantCompanies = () => setCompaniesWanted(true);
  // Here rather than in the menu's content, which mounts only while open: hovering prefetches.
  const companies = useMyCompanies(companiesWanted && state.status === 'authenticated');

  // Until the user is known, show placeholders rather than flashing the 'User' fallback.
  if (state.status === 'loading') {
    return (
      <div className="flex items-center gap-2 p-1" aria-hidden="true">
        <Skeleton className="size-9 rounded-full" />
        <div className="hidden gap-1 sm:grid">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
    );
  }

  return (
    <DropdownMenu onOpenChange={(open) => open && wantCompanies()}>
      <DropdownMenuTrigger
        onPointerEnter={wantCompanies}
        onFocus={wantCompanies}
        className="flex items-center gap-2 rounded-md p-1 text-left hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600 sm:pr-2"
      >
        <Avatar initials={getInitials(user)} imageUrl={user?.profileImageUrl} />
        <span className="sr-only flex-col leading-tight sm:not-sr-only sm:flex">
          <span className="max-w-40 truncate text-sm font-medium text-ink">{name}</span>
          <span className="max-w-40 truncate text-xs text-muted">{company}</span>
        </span>
        <ChevronDownIcon className="hidden size-4 text-muted sm:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-w-80">
        <DropdownMenuLabel>
          <span className="block font-medium">{name}</span>
          {user?.email && user.email !== name ? (
            <span className="block truncate text-xs text-muted">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <CompanySwitchGroup companies={companies.data?.companies} />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href="/settings">Profile</a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="/settings">Settings</a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a
            href={LOGOUT_PATH}
            onClick={(event) => {
              event.preventDefault();
              void logOut();
            }}
          >
            Log out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
