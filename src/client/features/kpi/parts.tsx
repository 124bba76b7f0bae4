import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { StatFigure } from '../../ui/stat-figure';

/** A KPI figure in its own card. */
export function StatCard(props: { title: string; value: string; unit?: string; children?: ReactNode }) {
  return <StatFigure {...props} />;
}

/** No ledger data for the year: say why the screen is empty and where to add data. */
export function EmptyLedger({ year }: { year: number }) {
  return (
    <Card aria-labelledby="kpi-empty-title" className="border-brand-100 bg-brand-50">
      <CardHeader>
        <CardTitle id="kpi-empty-title">No activity recorded for {year}</CardTitle>
        <CardDescription className="text-slate-700">
          These figures are calculated from your activity ledger: electricity and gas bills, fuel, travel,
          water and waste. Import a CSV file or add lines by hand on the Data Sources page, and your emissions
          and energy use appear here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <a href="/data-sources">Go to Data Sources</a>
        </Button>
      </CardContent>
    </Card>
  );
}

/** No cited public benchmark is in the reference data, so none is shown (no invented averages). */
export function BenchmarkCard() {
  return (
    <Card aria-labelledby="benchmark-title">
      <CardHeader>
        <CardTitle id="benchmark-title">Industry benchmark</CardTitle>
        <CardDescription>How your figures compare with similar companies.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-slate-700">
        <p className="font-medium text-ink">No benchmark is available for your sector yet.</p>
        <p>
          We only compare you with published, cited figures, and none of the datasets we use gives sector
          averages for companies like yours. Until one does, compare each year with your own trend and
          reduction target above.
        </p>
      </CardContent>
    </Card>
  );
}
