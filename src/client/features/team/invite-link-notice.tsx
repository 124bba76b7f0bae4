import { useEffect, useId, useRef } from 'react';
import { Button } from '../../ui/button';
import { CopyableLink } from '../../ui/copyable-link';
import { formatDateTime } from './roles';

/**
 * The one-time invitation link, shown when it was not emailed (no SMTP here, or the mail server
 * refused). The server keeps only its hash, so this is the only time anyone can see it.
 */
export function InviteLinkNotice({
  email,
  link,
  expiresAt,
  emailFailed,
  onDismiss,
}: {
  email: string;
  link: string;
  expiresAt: string;
  emailFailed: boolean;
  onDismiss: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Move focus to the notice so keyboard and screen-reader users land on the link at once.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-md border border-brand-600 bg-brand-50 p-4"
    >
      <h3
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-ink focus:outline-none"
      >
        Invitation link for {email}
      </h3>
      <p className="text-sm text-ink">
        {emailFailed
          ? 'The email could not be sent. '
          : 'Email is not configured on this server, so no email was sent. '}
        Copy this link and send it to {email} yourself. It works once, expires on {formatDateTime(expiresAt)},
        and is shown only now.
      </p>
      <CopyableLink link={link} label={`Invitation link for ${email}`} />
      <div>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </section>
  );
}
