import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { useConfirmEmailChange } from './api';

const panel = 'grid gap-4 rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8';
const heading = 'text-2xl font-bold tracking-tight text-ink';

/**
 * The /confirm-email page the emailed link opens (decision 041). Opening the link changes nothing:
 * the button posts the token, so a mail scanner that follows links cannot confirm for the person.
 */
export function ConfirmEmailView() {
  // Read after hydration: the static build renders this page without a query string.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);
  const confirm = useConfirmEmailChange();

  if (token === '') {
    return (
      <div className={panel}>
        <h1 className={heading}>This confirmation link is incomplete</h1>
        <p className="text-muted">
          Open the link from the email again, or ask for the change again in Settings.
        </p>
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className={panel}>
        <h1 className={heading}>Your email address is changed</h1>
        <p className="text-muted" role="status">
          You now sign in with <strong className="text-ink">{confirm.data.email}</strong>.
        </p>
        <p>
          <a href="/" className="font-semibold text-brand-700 underline underline-offset-2">
            Go to ESG Pilot
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className={panel}>
      <h1 className={heading}>Confirm your new email address</h1>
      <p className="text-muted">
        Confirm to sign in to ESG Pilot with this address from now on. If you did not ask for this change,
        close this page: nothing changes.
      </p>
      <div role="alert" className="empty:hidden">
        {confirm.isError ? (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {getErrorMessage(confirm.error)}
          </p>
        ) : null}
      </div>
      <div>
        <Button
          size="lg"
          disabled={token === null || confirm.isPending}
          onClick={() => token && confirm.mutate(token)}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm email change'}
        </Button>
      </div>
    </div>
  );
}
