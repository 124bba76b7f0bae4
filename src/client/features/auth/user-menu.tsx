import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $currentUser } from '../../stores/user';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { LOGOUT_PATH, logOut, useMyCompanies } from './api';
import { CompanySwitchGroup } from './company-switch-group';
import { getDisplayName } from './display';
import { USER_MENU_TRIGGER_CLASSES, UserMenuFace } from './user-menu-face';

/** Loaded by DeferredUserMenu when the person first opens it, hence `defaultOpen`. */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const state = useStore($currentUser, { ssr: 'initial' });
  const user = state.user;
  const name = getDisplayName(user);
  // The company list is fetched once the person reaches for the menu (hover, focus or open).
  const [companiesWanted, setCompaniesWanted] = useState(defaultOpen);
  const wantCompanies = () => setCompaniesWanted(true);
  // Here rather than in the menu's content, which mounts only while open: hovering prefetches.
  const companies = useMyCompanies(companiesWanted && state.status === 'authenticated');

  return (
    <DropdownMenu defaultOpen={defaultOpen} onOpenChange={(open) => open && wantCompanies()}>
      <DropdownMenuTrigger
        onPointerEnter={wantCompanies}
        onFocus={wantCompanies}
        className={USER_MENU_TRIGGER_CLASSES}
      >
        <UserMenuFace />
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
