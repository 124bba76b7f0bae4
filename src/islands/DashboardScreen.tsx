import { DashboardView } from '../client/features/dashboard/dashboard-view';
import { RequestsDueCard } from '../client/features/data-requests/requests-due-card';
import { IslandRoot } from '../client/ui/island-root';

export default function DashboardScreen() {
  return (
    <IslandRoot>
      <div className="grid gap-6">
        <DashboardView />
        <RequestsDueCard />
      </div>
    </IslandRoot>
  );
}
