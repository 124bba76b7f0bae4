import { useState } from 'react';
import { useDataSources } from '../client/features/data-sources/api';
import { DataSourcesPanel } from '../client/features/data-sources/data-sources-panel';
import { loadOnce, useLoadedWhen } from '../client/ui/deferred-control';
import { PanelPlaceholder, useNearViewport } from '../client/ui/deferred-panel';
import { IslandRoot } from '../client/ui/island-root';

// Below the sources on every screen size: the importers, the sites and the ledger's filters and
// rows load when the person scrolls or tabs towards them, not with the page (decision 082).
const loadActivityCards = loadOnce(() =>
  import('../client/features/ledger/activity-cards').then((module) => module.ActivityCards),
);

/** The three cards' titles and descriptions with skeletons of their height, while they load. */
function ActivityCardsPlaceholder({ onElement }: { onElement: (element: HTMLElement | null) => void }) {
  const card = (title: string, description: string, height: string, id?: string) => (
    <PanelPlaceholder title={title} description={description} height={height} id={id} />
  );
  return (
    <div ref={onElement} className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          {card(
            'Import activity from a CSV file',
            'One row per bill, trip or purchase. Rows already in the ledger are recognised and skipped.',
            'h-48',
          )}
        </div>
        <div className="lg:col-span-3">
          {card('Sites', 'Offices, shops and plants whose activity you report.', 'h-24')}
        </div>
      </div>
      {/* The ledger keeps its anchor, so a link to /data-sources#ledger scrolls here and loads it. */}
      {card(
        'Activity ledger',
        'Every line of activity and the emissions calculated from it, in kilograms of CO2e by scope.',
        'h-64',
        'ledger',
      )}
    </div>
  );
}

/** CSV sources are offered to the importer; the island passes them so the features stay apart. */
function ActivitySection() {
  const sources = useDataSources();
  const csvSources = (sources.data ?? []).filter((source) => source.type === 'csv');
  const [placeholder, setPlaceholder] = useState<HTMLElement | null>(null);
  const ActivityCards = useLoadedWhen(useNearViewport(placeholder), loadActivityCards, {
    failure: "Couldn't load the activity data. Check your connection and reload the page.",
  });
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
      {ActivityCards ? (
        <ActivityCards csvSources={csvSources} />
      ) : (
        <ActivityCardsPlaceholder onElement={setPlaceholder} />
      )}
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
