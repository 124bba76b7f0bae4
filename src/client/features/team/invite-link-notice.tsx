import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  // Move focus to the notice so keyboard and screen-reader users land on the link at once.
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): select the text instead.
      inputRef.current?.select();
      setCopyState('failed');
    }
  };

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
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          readOnly
          value={link}
          aria-label={`Invitation link for ${email}`}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button variant="primary" onClick={copy}>
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {copyState === 'copied'
          ? 'The link is on your clipboard.'
          : copyState === 'failed'
            ? 'Copying is blocked in this browser: the link is selected, press Ctrl+C (or ⌘C) to copy it.'
            : ''}
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </section>
  );
}
