import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { LinkPageMessage, LinkPagePanel, useLinkToken } from '../../ui/link-page';
import { useConfirmEmailChange } from './api';

/**
 * The /confirm-email page the emailed link opens (decision 041). Opening the link changes nothing:
 * the button posts the token, so a mail scanner that follows links cannot confirm for the person.
 */
export function ConfirmEmailView() {
  const token = useLinkToken();
  const confirm = useConfirmEmailChange();

  if (token === '') {
    return (
      <LinkPageMessage title="This confirmation link is incomplete">
        Open the link from the email again, or ask for the change again in Settings.
      </LinkPageMessage>
    );
  }
  if (confirm.isSuccess) {
    return (
      <LinkPageMessage title="Your email address is changed" announce>
        You now sign in with <strong className="text-ink">{confirm.data.email}</strong>.
      </LinkPageMessage>
    );
  }
  return (
    <LinkPagePanel>
      <h1 className="text-2xl font-bold tracking-tight text-ink">Confirm your new email address</h1>
      <p className="text-muted">
        Confirm to sign in to ESG Pilot with this address from now on. If you did not ask for this change,
        close this page: nothing changes.
      </p>
      <FormAlert message={confirm.isError ? getErrorMessage(confirm.error) : null} />
      <div>
        <Button
          size="lg"
          disabled={token === null || confirm.isPending}
          onClick={() => token && confirm.mutate(token)}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm email change'}
        </Button>
      </div>
    </LinkPagePanel>
  );
}
