import type { ReactNode } from 'react';
import type { DashboardOverview } from '../../../domain/contracts/dashboard';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Progress } from '../../ui/progress';
import {
  carbonCardFigure,
  complianceBadge,
  dataSourceNoun,
  dataSourcesBadge,
  describeCarbonYear,
  describeDataSources,
  describeNarratives,
  formatPercent,
  narrativesBadge,
} from './summary';

const linkClasses = 'text-sm font-medium text-brand-700 underline-offset-4 hover:underline';

function SummaryCard({
  title,
  badge,
  children,
}: {
  title: string;
  badge?: { label: string; tone: BadgeTone };
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-medium text-muted">{title}</h3>
        {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
      </div>
      {children}
    </Card>
  );
}

const SOURCE_BADGE_TONES: Record<ReturnType<typeof dataSourcesBadge>, BadgeTone> = {
  'Needs attention': 'danger',
  Active: 'success',
  'Setup Needed': 'warning',
};

function DataSourcesCard({ sources }: { sources: DashboardOverview['dataSources'] }) {
  const badge = dataSourcesBadge(sources);
  const described = describeDataSources(sources);
  return (
    <SummaryCard title="Data sources" badge={{ label: badge, tone: SOURCE_BADGE_TONES[badge] }}>
      <p className="text-3xl font-semibold text-ink">
        {sources.length} <span className="text-base font-medium text-muted">{dataSourceNoun(sources)}</span>
      </p>
      {described.length > 0 ? (
        <ul className="grid gap-0.5 text-sm text-muted">
          {described.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <a className={linkClasses} href="/data-sources">
          Add your first data
        </a>
      )}
    </SummaryCard>
  );
}

function ComplianceCard({ compliance }: { compliance: DashboardOverview['complianceStatus'] }) {
  const overall = compliance?.overallProgress ?? 0;
  const badge = complianceBadge(compliance?.overallProgress);
  const tone: BadgeTone = badge === 'On Track' ? 'success' : badge === 'In Progress' ? 'warning' : 'neutral';
  return (
    <SummaryCard title="ESG compliance" badge={{ label: badge, tone }}>
      <p className="text-3xl font-semibold text-ink">{formatPercent(overall)}</p>
      <Progress value={overall} label="Overall ESG compliance" />
    </SummaryCard>
  );
}

const NARRATIVE_BADGE_TONES: Record<ReturnType<typeof narrativesBadge>, BadgeTone> = {
  Ready: 'success',
  'In Progress': 'warning',
  'Not started': 'neutral',
};

function NarrativesCard({ narratives }: { narratives: DashboardOverview['narratives'] }) {
  const badge = narrativesBadge(narratives);
  return (
    <SummaryCard title="Narrative sections" badge={{ label: badge, tone: NARRATIVE_BADGE_TONES[badge] }}>
      <p className="text-3xl font-semibold text-ink">
        {narratives.approvedSections} of {narratives.totalSections}
      </p>
      <p className="text-sm text-muted">sections approved. {describeNarratives(narratives)}</p>
      <a className={linkClasses} href="/narrative-builder">
        Open Narrative Builder
      </a>
    </SummaryCard>
  );
}

function CarbonCard({ emissions }: { emissions: DashboardOverview['metrics']['carbonEmissionsDetail'] }) {
  return (
    <SummaryCard title={`Carbon footprint ${emissions.year}`}>
      <p className="text-3xl font-semibold text-ink">
        {carbonCardFigure(emissions)}{' '}
        {emissions.recorded ? (
          <span className="text-base font-medium text-muted">{emissions.unit}</span>
        ) : null}
      </p>
      <p className="text-sm text-muted">{describeCarbonYear(emissions)}</p>
    </SummaryCard>
  );
}

export function SummaryCards({ overview }: { overview: DashboardOverview }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        Summary
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <DataSourcesCard sources={overview.dataSources} />
        <ComplianceCard compliance={overview.complianceStatus} />
        <NarrativesCard narratives={overview.narratives} />
        <CarbonCard emissions={overview.metrics.carbonEmissionsDetail} />
      </div>
    </section>
  );
}
