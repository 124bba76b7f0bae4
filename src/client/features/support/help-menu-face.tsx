import { buttonClasses } from '../../ui/button';
import { PRODUCT_NAME } from './links';

/** Shared by the real triggers and their placeholders (help-menu-trigger.tsx), so both look the same. */
export const HELP_TRIGGER_CLASSES = buttonClasses('ghost', 'md', 'px-2 sm:px-3');
export const ABOUT_LABEL = `About ${PRODUCT_NAME}`;
export const NOTIFICATIONS_TRIGGER_CLASSES = buttonClasses('ghost', 'icon', 'relative');
