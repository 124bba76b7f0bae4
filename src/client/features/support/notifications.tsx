import { BellIcon } from '../../ui/icons';
import { Popover, PopoverContent, PopoverDescription, PopoverTitle, PopoverTrigger } from '../../ui/popover';
import { NOTIFICATIONS_TRIGGER_CLASSES } from './help-menu-face';

/**
 * No notification source exists yet, so there is never an unread dot. Loaded by the header's
 * placeholder on first use (help-menu-trigger.tsx), hence `defaultOpen`.
 */
export function Notifications({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger className={NOTIFICATIONS_TRIGGER_CLASSES} aria-label="Notifications">
        <BellIcon />
      </PopoverTrigger>
      <PopoverContent>
        <PopoverTitle>Notifications</PopoverTitle>
        <PopoverDescription>You're all caught up.</PopoverDescription>
      </PopoverContent>
    </Popover>
  );
}
