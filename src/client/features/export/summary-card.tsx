import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import type { ExportSummary } from './export';

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold text-ink tabular-nums">
        {value === undefined ? <Skeleton className="h-8 w-10" /> : value}
      </dd>
    </div>
  );
}

/** spec §2 summary card: total reports, filed reports, pending filings. */
export function SummaryCard({ summary }: { summary: ExportSummary | undefined }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-4 lg:grid-cols-1">
          <Figure label="Total reports" value={summary?.totalReports} />
          <Figure label="Filed reports" value={summary?.filedReports} />
          <Figure label="Pending filings" value={summary?.pendingFilings} />
        </dl>
      </CardContent>
    </Card>
  );
}
