import { InviteView } from '../client/features/team/invite-view';
import { IslandRoot } from '../client/ui/island-root';

/** The /invite page: accept a team invitation, signed in or by creating an account (issue 9). */
export default function InviteScreen() {
  return (
    <IslandRoot>
      <InviteView />
    </IslandRoot>
  );
}
