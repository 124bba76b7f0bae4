import { DashboardView } from '../client/features/dashboard/dashboard-view';
import { IslandRoot } from '../client/ui/island-root';

export default function DashboardScreen() {
  return (
    <IslandRoot>
      <DashboardView />
    </IslandRoot>
  );
}
