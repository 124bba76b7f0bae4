import { KpiView } from '../client/features/kpi/kpi-view';
import { IslandRoot } from '../client/ui/island-root';

export default function KpiDashboardScreen() {
  return (
    <IslandRoot>
      <KpiView currentYear={new Date().getFullYear()} />
    </IslandRoot>
  );
}
