import { RequestsInbox } from '../client/features/data-requests/requests-inbox';
import { IslandRoot } from '../client/ui/island-root';

export default function RequestsScreen() {
  return (
    <IslandRoot>
      <RequestsInbox />
    </IslandRoot>
  );
}
