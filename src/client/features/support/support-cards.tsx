import type { ReactNode } from 'react';
import { openFeedbackDialog } from '../../stores/feedback-dialog';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { BookIcon, BugIcon, ExternalLinkIcon, MessageIcon, UsersIcon } from '../../ui/icons';
import { COMMUNITY_URL, DOCUMENTATION_URL } from './links';

function SupportCard({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <span className="inline-flex size-10 items-center justify-center rounded-md bg-brand-50 text-brand-700 [&_svg]:size-5">
        {icon}
      </span>
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <p className="flex-1 text-sm text-muted">{description}</p>
      <div>{action}</div>
    </Card>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
        <ExternalLinkIcon />
      </a>
    </Button>
  );
}

export function SupportCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SupportCard
        icon={<MessageIcon />}
        title="Send Feedback"
        description="Ask a question or tell us what would make reporting easier."
        action={
          <Button size="sm" onClick={() => openFeedbackDialog('support')}>
            Send Feedback
          </Button>
        }
      />
      <SupportCard
        icon={<UsersIcon />}
        title="Join Community"
        description="Discuss ESG reporting and the product with other users on GitHub Discussions."
        action={<ExternalLink href={COMMUNITY_URL}>Join Community</ExternalLink>}
      />
      <SupportCard
        icon={<BookIcon />}
        title="Documentation"
        description="Guides to connecting data, the ESG checklist, narratives and exports."
        action={<ExternalLink href={DOCUMENTATION_URL}>Read the Docs</ExternalLink>}
      />
      <SupportCard
        icon={<BugIcon />}
        title="Report Bug"
        description="Something not working? Describe what you did and what you saw."
        action={
          <Button size="sm" variant="outline" onClick={() => openFeedbackDialog('bug')}>
            Report Bug
          </Button>
        }
      />
    </div>
  );
}
