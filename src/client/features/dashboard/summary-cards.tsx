import type { ReactNode } from 'react';
import type { DashboardOverview } from '../../../domain/contracts/dashboard';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Progress } from '../../ui/progress';
import {
  carbonCardFigure,
  complianceBadge,
  dataSourcesBadge,
  describeCarbonYear,
  formatPercent,
  sourceTypeLabels,
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

function DataSourcesCard({ sources }: { sources: DashboardOverview['dataSources'] }) {
  const badge = dataSourcesBadge(sources);
  const types = sourceTypeLabels(sources);
  return (
    <SummaryCard
      title="Data sources"
      badge={{ label: badge, tone: badge === 'Active' ? 'success' : 'warning' }}
    >
      <p className="text-3xl font-semibold text-ink">{sources.length}</p>
      {types.length > 0 ? (
        <p className="text-sm text-muted">{types.join(', ')}</p>
      ) : (
        <a className={linkClasses} href="/data-sources">
          Connect a data source
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

function NarrativesCard() {
  return (
    <SummaryCard title="Narrative sections" badge={{ label: 'Not started', tone: 'neutral' }}>
      <p className="text-sm text-muted">
        Draft the written sections of your report with AI, then review them.
      </p>
      <a className={linkClasses} href="/narrative-builder">
        Open Narrative Builder
      </a>
    </SummaryCard>
  );
}

function CarbonCard({ emissions }: { emissions: DashboardOverview['metrics']['carbonEmissions'] }) {
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
        <NarrativesCard />
        <CarbonCard emissions={overview.metrics.carbonEmissions} />
      </div>
    </section>
  );
}
