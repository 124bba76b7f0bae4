import { useId } from 'react';
import type { EsgProgressItem, EsgProgressResponse } from '../../../domain/contracts/esg-wizard';
import { trackEvent } from '../../lib/analytics';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { NotCountedCard } from '../ledger/not-counted-notice';
import { EvidenceLinks } from './evidence-list';
import {
  describeOrigin,
  evidenceFor,
  formatValue,
  indicatorTitle,
  missingItems,
  overallPercent,
  rulePackLabel,
  type SectionSummary,
  summariseSections,
} from './wizard';

function Answer({ item, progress }: { item: EsgProgressItem; progress: EsgProgressResponse }) {
  const files = evidenceFor(progress.evidence, item.indicator);
  return (
    <li className="grid gap-1.5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-ink">{indicatorTitle(item)}</h3>
        {item.isRequired ? <Badge tone="danger">Required</Badge> : null}
      </div>
      <p className="text-sm break-words whitespace-pre-line text-ink">{formatValue(item.value, item.unit)}</p>
      <ul className="grid gap-0.5 text-xs text-muted">
        {describeOrigin(item, progress.year).map((line) => (
          <li key={line}>{line}</li>
        ))}
        {item.ledgerNote ? <li>{item.ledgerNote}</li> : null}
        <li>{item.mappingLabel}</li>
      </ul>
      {item.note ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium text-ink">Note: </span>
          {item.note}
        </p>
      ) : null}
      {files.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium text-ink">Evidence</p>
          <EvidenceLinks files={files} />
        </div>
      ) : null}
    </li>
  );
}

function SectionAnswers({ summary, progress }: { summary: SectionSummary; progress: EsgProgressResponse }) {
  const id = useId();
  const answered = summary.items.filter((item) => item.isCompleted);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`${id}-title`}>{summary.label}</CardTitle>
          <Badge>{summary.percent}% complete</Badge>
        </div>
        <CardDescription>
          {summary.completed} of {summary.total} completed
        </CardDescription>
      </CardHeader>
      <CardContent>
        {answered.length === 0 ? (
          <p className="text-sm text-muted">No answers in this section yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {answered.map((item) => (
              <Answer key={item.indicator} item={item} progress={progress} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function StillMissing({ progress }: { progress: EsgProgressResponse }) {
  const missing = missingItems(progress.progress);
  return (
    <Card aria-labelledby="still-missing-title">
      <CardHeader>
        <CardTitle id="still-missing-title">Still missing</CardTitle>
        <CardDescription>
          {missing.length === 0
            ? 'Every indicator has an answer.'
            : 'Indicators without an answer, required ones first.'}
        </CardDescription>
      </CardHeader>
      {missing.length > 0 ? (
        <CardContent>
          <ul className="grid gap-2">
            {missing.map((item) => (
              <li key={item.indicator} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-ink">{indicatorTitle(item)}</span>
                {item.isRequired ? <Badge tone="danger">Required</Badge> : <Badge>Optional</Badge>}
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}

/** Step 3: every answer by section, with where it came from, its note and evidence; then the gaps. */
export function ReviewStep({
  progress,
  onBack,
  onComplete,
}: {
  progress: EsgProgressResponse;
  onBack: () => void;
  onComplete: () => void;
}) {
  const complete = () => {
    trackEvent('wizard_step_completed', { step: 3 });
    trackEvent('wizard_completed');
    onComplete();
  };
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="review-title">
        <CardHeader>
          <CardTitle id="review-title">Review your answers</CardTitle>
          <CardDescription>
            {progress.jurisdiction} · reporting year {progress.year} · {rulePackLabel(progress.rulePack)} ·{' '}
            {overallPercent(progress)}% complete
          </CardDescription>
        </CardHeader>
      </Card>
      {/* Auto-filled figures leave these lines out: said before the answers are confirmed. */}
      <NotCountedCard from={`${progress.year}-01-01`} to={`${progress.year}-12-31`} />
      {summariseSections(progress.progress).map((summary) => (
        <SectionAnswers key={summary.section} summary={summary} progress={progress} />
      ))}
      <StillMissing progress={progress} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Back to Checklist
        </Button>
        <Button onClick={complete}>Complete</Button>
      </div>
    </div>
  );
}
