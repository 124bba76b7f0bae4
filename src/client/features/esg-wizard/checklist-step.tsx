import { useId } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { EsgProgressResponse } from '../../../domain/contracts/esg-wizard';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { IndicatorRow } from './indicator-row';
import {
  canContinueToReview,
  continueHint,
  evidenceFor,
  isChecklistOutdated,
  missingRequiredList,
  overallPercent,
  rulePackLabel,
  type SectionSummary,
  summariseSections,
} from './wizard';

function ChecklistSection({ summary, progress }: { summary: SectionSummary; progress: EsgProgressResponse }) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`${id}-title`}>{summary.label}</CardTitle>
          <Badge tone={summary.percent === 100 ? 'success' : 'neutral'}>{summary.percent}% complete</Badge>
        </div>
        <CardDescription>
          {summary.completed} of {summary.total} completed
        </CardDescription>
        <Progress value={summary.percent} label={`${summary.label} progress`} />
      </CardHeader>
      <CardContent>
        {summary.items.length === 0 ? (
          <p className="text-sm text-muted">This jurisdiction asks nothing in this section.</p>
        ) : (
          <ul className="divide-y divide-border">
            {summary.items.map((item) => (
              <IndicatorRow
                key={item.indicator}
                item={item}
                jurisdiction={progress.jurisdiction}
                year={progress.year}
                evidence={evidenceFor(progress.evidence, item.indicator)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function MissingRequired({ progress }: { progress: EsgProgressResponse }) {
  const { titles, more } = missingRequiredList(progress);
  if (titles.length === 0) return null;
  return (
    <Card aria-labelledby="missing-required-title" className="border-amber-300">
      <CardHeader>
        <CardTitle id="missing-required-title">Required Items Missing</CardTitle>
        <CardDescription>These indicators are required and still have no value.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-2">
        <ul className="flex flex-wrap gap-2">
          {titles.map((title) => (
            <li key={title}>
              <Badge tone="warning">{title}</Badge>
            </li>
          ))}
        </ul>
        {more > 0 ? <Badge>+{more} more</Badge> : null}
      </CardContent>
    </Card>
  );
}

/** spec §2 checklist view (step 2). */
export function ChecklistStep({
  progress,
  onPrevious,
  onContinue,
}: {
  progress: EsgProgressResponse;
  onPrevious: () => void;
  onContinue: () => void;
}) {
  const overall = overallPercent(progress);
  const hint = continueHint(overall);
  const jurisdiction: Jurisdiction = progress.jurisdiction;
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="checklist-title">
        <CardHeader>
          <CardTitle id="checklist-title">{jurisdiction} checklist</CardTitle>
          <CardDescription>
            Reporting year {progress.year} · {rulePackLabel(progress.rulePack)}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <div className="flex justify-between text-sm">
            <span className="font-medium text-ink">Overall progress</span>
            <span className="text-muted">{overall}%</span>
          </div>
          <Progress value={overall} label="Overall progress" />
          {isChecklistOutdated(progress) ? (
            <p className="text-sm text-amber-900">
              This checklist was created with rule pack {progress.initializedVersion}. Initialise again from
              step 1 to pick up version {progress.rulePack.version}; your answers are kept.
            </p>
          ) : null}
        </CardContent>
      </Card>
      <MissingRequired progress={progress} />
      {summariseSections(progress.progress).map((summary) => (
        <ChecklistSection key={summary.section} summary={summary} progress={progress} />
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={onPrevious}>
          Previous Step
        </Button>
        <div className="flex flex-col gap-1 sm:items-end">
          <Button
            onClick={onContinue}
            disabled={!canContinueToReview(overall)}
            aria-describedby={hint ? 'continue-hint' : undefined}
          >
            Continue to Review
          </Button>
          {hint ? (
            <p id="continue-hint" className="text-sm text-muted">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
