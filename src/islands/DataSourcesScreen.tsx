import { useDataSources } from '../client/features/data-sources/api';
import { DataSourcesPanel } from '../client/features/data-sources/data-sources-panel';
import { CsvImport } from '../client/features/ledger/csv-import';
import { ActivityLedger } from '../client/features/ledger/ledger';
import { SitesCard } from '../client/features/ledger/sites-card';
import { IslandRoot } from '../client/ui/island-root';

/** CSV sources are offered to the importer; the island passes them so the features stay apart. */
function ActivitySection() {
  const sources = useDataSources();
  const csvSources = (sources.data ?? []).filter((source) => source.type === 'csv');
  return (
    <section aria-labelledby="activity-data-title" className="grid gap-6">
      <div className="grid gap-1">
        <h2 id="activity-data-title" className="text-lg font-semibold text-ink">
          Activity data
        </h2>
        <p className="text-sm text-muted">
          Import files, manage your sites and check every line the emissions are calculated from.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <CsvImport csvSources={csvSources} />
        </div>
        <div className="lg:col-span-3">
          <SitesCard />
        </div>
      </div>
      <ActivityLedger />
    </section>
  );
}

export default function DataSourcesScreen() {
  return (
    <IslandRoot>
      <div className="grid gap-10">
        <DataSourcesPanel />
        <ActivitySection />
      </div>
    </IslandRoot>
  );
}
