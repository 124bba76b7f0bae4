import { useStore } from '@nanostores/react';
import { $currentUser } from '../../stores/user';
import { Avatar } from '../../ui/avatar';
import { ChevronDownIcon } from '../../ui/icons';
import { getCompanyLabel, getDisplayName, getInitials } from './display';

export const USER_MENU_TRIGGER_CLASSES =
  'flex items-center gap-2 rounded-md p-1 text-left hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600 sm:pr-2';

/** What the menu's trigger shows: avatar, name and company (spec §2 "User menu"). */
export function UserMenuFace() {
  const user = useStore($currentUser, { ssr: 'initial' }).user;
  return (
    <>
      <Avatar initials={getInitials(user)} imageUrl={user?.profileImageUrl} />
      <span className="sr-only flex-col leading-tight sm:not-sr-only sm:flex">
        <span className="max-w-40 truncate text-sm font-medium text-ink">{getDisplayName(user)}</span>
        <span className="max-w-40 truncate text-xs text-muted">{getCompanyLabel(user?.companyName)}</span>
      </span>
      <ChevronDownIcon className="hidden size-4 text-muted sm:block" />
    </>
  );
}
