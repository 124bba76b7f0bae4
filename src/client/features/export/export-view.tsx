import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useCan } from '../../lib/permissions';
import { $currentUser } from '../../stores/user';
import { loadOnce, useLoadedWhen } from '../../ui/deferred-control';
import { useFilings, useRegulators, useReports } from './api';
import { isAnyFilingUndecided, summarizeExport } from './export';
import { FilingsList, SandboxNote } from './filings-list';
import { GeneratorCard } from './generator-card';
import { RegulatorsList } from './regulators-list';
import { ReportsList } from './reports-list';
import { SummaryCard } from './summary-card';
import { useReportGeneration } from './use-report-generation';

/** The filing dialog's form code downloads when it is first opened (decisions 070, 071). */
const loadFilingDialog = loadOnce(() => import('./filing-dialog').then((module) => module.FilingDialog));

/** spec §7: regulators and filings use the user's jurisdiction, or US when there is none. */
const DEFAULT_JURISDICTION = 'US';

export function ExportView() {
  const session = useStore($currentUser, { ssr: 'initial' });
  const user = session.status === 'authenticated' ? session.user : null;
  const jurisdiction = user?.jurisdiction ?? null;
  // The matrix of src/domain/account/permissions.ts; the server checks the role anyway.
  const canFile = useCan('filing.submit');
  const canWrite = useCan('reports.edit');

  const filings = useFilings();
  const reports = useReports(isAnyFilingUndecided(filings.data));
  const regulators = useRegulators(jurisdiction);
  const generation = useReportGeneration(reports.data);
  const [filingReportId, setFilingReportId] = useState<string | null>(null);
  // Looked up by id, so the dialog closes by itself if the report stops being final elsewhere.
  const filingReport =
    reports.data?.find((report) => report.id === filingReportId && report.status === 'final') ?? null;

  const FilingDialog = useLoadedWhen(filingReport !== null, loadFilingDialog, {
    failure: "Couldn't open this dialog. Check your connection and try again.",
    onFailed: () => setFilingReportId(null),
  });

  const summary = reports.data && filings.data ? summarizeExport(reports.data, filings.data) : undefined;

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <GeneratorCard
          hasUser={user !== null}
          generation={generation}
          email={user?.email ?? null}
          canWrite={canWrite}
          jurisdiction={jurisdiction}
        />
        <SummaryCard summary={summary} />
      </div>
      <ReportsList
        reports={reports.data}
        error={reports.error}
        onRetry={() => reports.refetch()}
        canFile={canFile}
        canWrite={canWrite}
        onFile={(report) => setFilingReportId(report.id)}
      />
      <SandboxNote />
      <div className="grid gap-6 xl:grid-cols-2">
        <RegulatorsList
          jurisdiction={jurisdiction}
          regulators={regulators.data}
          error={regulators.error}
          onRetry={() => regulators.refetch()}
        />
        <FilingsList filings={filings.data} error={filings.error} onRetry={() => filings.refetch()} />
      </div>
      {FilingDialog ? (
        <FilingDialog
          report={filingReport}
          regulators={regulators.data ?? []}
          jurisdiction={jurisdiction ?? DEFAULT_JURISDICTION}
          onClose={() => setFilingReportId(null)}
        />
      ) : null}
    </div>
  );
}
