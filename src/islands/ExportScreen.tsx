import { ExportView } from '../client/features/export/export-view';
import { IslandRoot } from '../client/ui/island-root';

export default function ExportScreen() {
  return (
    <IslandRoot>
      <ExportView />
    </IslandRoot>
  );
}
