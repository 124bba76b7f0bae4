import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { cn } from './cn';

/**
 * The pages an emailed single-use link opens (/invite, /confirm-email): one panel, one way to read
 * the link's token, one closing message with the way back into the app.
 */

/** `?token=` of the page; null until hydrated, because the static build renders it without a query. */
export function useLinkToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);
  return token;
}

export function LinkPagePanel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('grid gap-5 rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8', className)}
      {...props}
    />
  );
}

/** A link that has done its work or cannot: what happened, and the way into ESG Pilot. */
export function LinkPageMessage({
  title,
  children,
  announce = false,
}: {
  title: string;
  children: ReactNode;
  /** Announce the text (a success the person just caused), rather than leave it to be read. */
  announce?: boolean;
}) {
  return (
    <LinkPagePanel>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="text-muted" role={announce ? 'status' : undefined}>
        {children}
      </p>
      <p>
        <a href="/" className="font-semibold text-brand-700 underline underline-offset-2">
          Go to ESG Pilot
        </a>
      </p>
    </LinkPagePanel>
  );
}
