import { useStore } from '@nanostores/react';
import { $currentUser } from '../../stores/user';
import { DeferredControl, loadOnce } from '../../ui/deferred-control';
import { Skeleton } from '../../ui/skeleton';
import { USER_MENU_TRIGGER_CLASSES, UserMenuFace } from './user-menu-face';

const loadUserMenu = loadOnce(() => import('./user-menu').then((module) => module.UserMenu));

/** Hovering or focusing the trigger fetches the company list, as the real trigger does (decision 031). */
function prefetchCompanies() {
  import('./api').then(
    (module) => module.prefetchMyCompanies(),
    () => undefined,
  );
}

/** The header's user menu; its Radix menu and the profile API load on first use (decision 064). */
export function DeferredUserMenu() {
  const status = useStore($currentUser, { ssr: 'initial' }).status;
  // Until the user is known, show placeholders rather than flashing the 'User' fallback.
  if (status === 'loading') {
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
    <DeferredControl
      load={loadUserMenu}
      props={{}}
      popup="menu"
      placeholder={(trigger) => (
        <button
          {...trigger}
          onPointerEnter={() => {
            trigger.onPointerEnter();
            prefetchCompanies();
          }}
          onFocus={() => {
            trigger.onFocus();
            prefetchCompanies();
          }}
          className={USER_MENU_TRIGGER_CLASSES}
        >
          <UserMenuFace />
        </button>
      )}
    />
  );
}
