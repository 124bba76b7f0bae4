import { AnalyticsView } from '../client/features/analytics/analytics-view';
import { IslandRoot } from '../client/ui/island-root';

export default function AnalyticsScreen() {
  return (
    <IslandRoot>
      <AnalyticsView />
    </IslandRoot>
  );
}
