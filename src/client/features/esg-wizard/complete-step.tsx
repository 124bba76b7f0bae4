import type { EsgProgressResponse } from '../../../domain/contracts/esg-wizard';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { missingItems, overallPercent, summariseSections } from './wizard';

/** Step 4: what the checklist now holds, and where to go next. */
export function CompleteStep({ progress, onBack }: { progress: EsgProgressResponse; onBack: () => void }) {
  const overall = overallPercent(progress);
  const missingRequired = missingItems(progress.progress).filter((item) => item.isRequired).length;
  const evidenceCount = progress.evidence.length;
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="complete-title">
        <CardHeader>
          <CardTitle id="complete-title">Checklist complete</CardTitle>
          <CardDescription>
            Your {progress.jurisdiction} checklist for reporting year {progress.year} is ready for the
            narrative and the report. You can come back and change any answer.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1 rounded-md border border-border p-4">
              <dt className="text-sm text-muted">Overall progress</dt>
              <dd className="text-2xl font-semibold text-ink">{overall}%</dd>
            </div>
            <div className="grid gap-1 rounded-md border border-border p-4">
              <dt className="text-sm text-muted">Evidence files</dt>
              <dd className="text-2xl font-semibold text-ink">{evidenceCount}</dd>
            </div>
            <div className="grid gap-1 rounded-md border border-border p-4">
              <dt className="text-sm text-muted">Required indicators missing</dt>
              <dd className="text-2xl font-semibold text-ink">{missingRequired}</dd>
            </div>
          </dl>
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold text-ink">By section</h3>
            {summariseSections(progress.progress).map((summary) => (
              <div key={summary.section} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span className="font-medium text-ink">{summary.label}</span>
                  <span className="text-muted">
                    {summary.percent}% · {summary.completed} of {summary.total} completed
                  </span>
                </div>
                <Progress value={summary.percent} label={`${summary.label} progress`} />
              </div>
            ))}
          </div>
        </CardContent>
        <CardFooter className="flex-wrap">
          <Button asChild>
            <a href="/narrative-builder">Generate narrative</a>
          </Button>
          <Button asChild variant="outline">
            <a href="/export">Export report</a>
          </Button>
          <Button variant="ghost" onClick={onBack}>
            Back to Review
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
