import { buttonClasses } from '../../ui/button';
import { DeferredControl, loadOnce } from '../../ui/deferred-control';
import { BellIcon, HelpIcon, InfoIcon } from '../../ui/icons';
import { ABOUT_LABEL, HELP_TRIGGER_CLASSES, NOTIFICATIONS_TRIGGER_CLASSES } from './help-menu-face';

/*
 * The header's help menu, About dialog and notifications: plain buttons until first use, when
 * their Radix code loads and opens (decision 064).
 */

const loadHelpMenu = loadOnce(() => import('./help-menu').then((module) => module.HelpMenu));
const loadAboutDialog = loadOnce(() => import('./about-dialog').then((module) => module.AboutDialog));
const loadNotifications = loadOnce(() => import('./notifications').then((module) => module.Notifications));

export function DeferredHelpMenu() {
  return (
    <DeferredControl
      load={loadHelpMenu}
      props={{}}
      popup="menu"
      placeholder={(trigger) => (
        <button {...trigger} className={HELP_TRIGGER_CLASSES}>
          <HelpIcon />
          <span className="sr-only sm:not-sr-only">Help</span>
        </button>
      )}
    />
  );
}

export function DeferredAboutDialog() {
  return (
    <DeferredControl
      load={loadAboutDialog}
      props={{}}
      popup="dialog"
      placeholder={(trigger) => (
        <button {...trigger} className={buttonClasses('ghost', 'icon')} aria-label={ABOUT_LABEL}>
          <InfoIcon />
        </button>
      )}
    />
  );
}

export function DeferredNotifications() {
  return (
    <DeferredControl
      load={loadNotifications}
      props={{}}
      popup="dialog"
      placeholder={(trigger) => (
        <button {...trigger} className={NOTIFICATIONS_TRIGGER_CLASSES} aria-label="Notifications">
          <BellIcon />
        </button>
      )}
    />
  );
}
