import { ConfirmEmailView } from '../client/features/auth/confirm-email-view';
import { IslandRoot } from '../client/ui/island-root';

/** The /confirm-email page: confirms a change of sign-in email from the emailed link (decision 041). */
export default function ConfirmEmailScreen() {
  return (
    <IslandRoot>
      <ConfirmEmailView />
    </IslandRoot>
  );
}
