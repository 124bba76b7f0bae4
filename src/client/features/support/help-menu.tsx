import { useRef } from 'react';
import type { FeedbackType } from '../../../domain/contracts/support';
import { openFeedbackDialog } from '../../stores/feedback-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import {
  BookIcon,
  BugIcon,
  ExternalLinkIcon,
  HelpIcon,
  LightbulbIcon,
  MessageIcon,
  UsersIcon,
} from '../../ui/icons';
import { HELP_TRIGGER_CLASSES } from './help-menu-face';
import { COMMUNITY_URL, DOCUMENTATION_URL } from './links';

const FEEDBACK_ITEMS: Array<{ label: string; type: FeedbackType; icon: typeof MessageIcon }> = [
  { label: 'Send Feedback', type: 'other', icon: MessageIcon },
  { label: 'Report Bug', type: 'bug', icon: BugIcon },
  { label: 'Request Feature', type: 'feature', icon: LightbulbIcon },
];

const EXTERNAL_ITEMS = [
  { label: 'Join Community', href: COMMUNITY_URL, icon: UsersIcon },
  { label: 'Documentation', href: DOCUMENTATION_URL, icon: BookIcon },
];

/**
 * spec §2 help widget: feedback entries open the shell's feedback dialog with their type. Loaded
 * by the header's placeholder on first use (help-menu-trigger.tsx), hence `defaultOpen`.
 */
export function HelpMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={HELP_TRIGGER_CLASSES}>
        <HelpIcon />
        <span className="sr-only sm:not-sr-only">Help</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-xs font-semibold text-muted">Get help</DropdownMenuLabel>
        {FEEDBACK_ITEMS.map(({ label, type, icon: Icon }) => (
          <DropdownMenuItem key={type} onSelect={() => openFeedbackDialog(type, triggerRef.current)}>
            <Icon />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        {EXTERNAL_ITEMS.map(({ label, href, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <a href={href} target="_blank" rel="noopener noreferrer">
              <Icon />
              {label}
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalLinkIcon className="ml-auto text-muted" />
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
