import { RequestView } from '../client/features/data-requests/request-view';
import { IslandRoot } from '../client/ui/island-root';

export default function RequestScreen() {
  return (
    <IslandRoot>
      <RequestView />
    </IslandRoot>
  );
}
