import { CsvImport } from './csv-import';
import { ActivityLedger } from './ledger';
import { SitesCard } from './sites-card';

/**
 * The Data Sources screen's activity cards: the CSV import, the sites and the ledger. One module,
 * loaded when the person reaches the "Activity data" section (decision 082).
 */
export function ActivityCards({ csvSources }: { csvSources: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <CsvImport csvSources={csvSources} />
        </div>
        <div className="lg:col-span-3">
          <SitesCard />
        </div>
      </div>
      <ActivityLedger />
    </>
  );
}
