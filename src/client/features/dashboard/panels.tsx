import type { ComplianceStatus, DashboardOverview } from '../../../domain/contracts/dashboard';
import { builtOnFirstUse } from '../../lib/built-on-first-use';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import {
  formatCredits,
  formatNeutralization,
  formatPercent,
  humanizeAction,
  latestActivity,
  offsetTip,
  welcomeTitle,
} from './summary';

export function WelcomeBanner({
  firstName,
  hasCompliance,
  isFirstVisit,
}: {
  firstName: string;
  hasCompliance: boolean;
  isFirstVisit: boolean;
}) {
  return (
    <section
      aria-labelledby="welcome-title"
      className="flex flex-col gap-4 rounded-lg bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1">
        <h2 id="welcome-title" className="text-xl font-semibold">
          {welcomeTitle(isFirstVisit, firstName)}
        </h2>
        <p className="text-brand-50">
          {hasCompliance ? 'Continue your ESG compliance journey' : 'Get started with your ESG reporting'}
        </p>
      </div>
      {hasCompliance ? null : (
        <Button asChild variant="secondary">
          <a href="/esg-wizard">Get Started</a>
        </Button>
      )}
    </section>
  );
}

export function QuickActions() {
  return (
    <Card aria-labelledby="quick-actions-title">
      <CardHeader>
        <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href="/data-sources">Connect Data</a>
        </Button>
        <Button asChild>
          <a href="/esg-wizard">Continue Wizard</a>
        </Button>
      </CardContent>
    </Card>
  );
}

const SECTIONS: Array<{ key: keyof ComplianceStatus['sectionProgress']; label: string }> = [
  { key: 'environmental', label: 'Environmental' },
  { key: 'social', label: 'Social' },
  { key: 'governance', label: 'Governance' },
];

export function ComplianceProgress({ compliance }: { compliance: ComplianceStatus }) {
  const missing = compliance.missingRequired.length;
  return (
    <Card aria-labelledby="compliance-progress-title" className="flex flex-col">
      <CardHeader>
        <CardTitle id="compliance-progress-title">ESG Compliance Progress</CardTitle>
        <CardDescription>
          {missing === 0
            ? 'Every required indicator has a value.'
            : `${missing} required indicator${missing === 1 ? '' : 's'} still missing.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        {SECTIONS.map(({ key, label }) => (
          <div key={key} className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <span className="font-medium text-ink">{label}</span>
              <span className="text-muted">{formatPercent(compliance.sectionProgress[key])}</span>
            </div>
            <Progress value={compliance.sectionProgress[key]} label={`${label} progress`} />
          </div>
        ))}
      </CardContent>
      <CardFooter>
        <Button asChild>
          <a href="/esg-wizard">Continue</a>
        </Button>
      </CardFooter>
    </Card>
  );
}

const activityDate = builtOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
);

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : activityDate().format(date);
}

export function RecentActivity({ activity }: { activity: DashboardOverview['recentActivity'] }) {
  const items = latestActivity(activity);
  return (
    <Card aria-labelledby="recent-activity-title">
      <CardHeader>
        <CardTitle id="recent-activity-title">Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted">No recent activity</p>
        ) : (
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5 text-sm">
                <span className="text-ink">{humanizeAction(item.action)}</span>
                <time dateTime={item.createdAt} className="text-muted">
                  {formatDateTime(item.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type Tip = DashboardOverview['recommendations'][number];

/**
 * The next steps the server computed from the company's state (decision 054), then the
 * marketplace tip from the real figures (the price of the remaining footprint, or why none).
 */
function tips(overview: Pick<DashboardOverview, 'recommendations' | 'offsets'>): Tip[] {
  return [
    ...overview.recommendations,
    {
      id: 'offset',
      title: 'Offset what you cannot yet reduce',
      href: '/marketplace',
      ...offsetTip(overview.offsets),
    },
  ];
}

export function Recommendations({
  overview,
}: {
  overview: Pick<DashboardOverview, 'recommendations' | 'offsets'>;
}) {
  const list = tips(overview);
  return (
    <Card aria-labelledby="recommendations-title">
      <CardHeader>
        <CardTitle id="recommendations-title">Recommendations</CardTitle>
        <CardDescription>
          {overview.recommendations.length > 0
            ? 'Next steps that move your report forward, from where your data stands today.'
            : 'Your data, checklist, narratives and report are all in place.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {list.map((tip) => (
            <li key={tip.id} className="flex flex-col gap-2 rounded-md border border-border p-4">
              <h3 className="text-sm font-semibold text-ink">{tip.title}</h3>
              <p className="flex-1 text-sm text-muted">{tip.text}</p>
              <a
                className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                href={tip.href}
              >
                {tip.action}
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function GetStartedPanel() {
  return (
    <Card aria-labelledby="get-started-title" className="border-brand-100 bg-brand-50">
      <CardHeader>
        <CardTitle id="get-started-title">Let's Get Started</CardTitle>
        <CardDescription className="text-slate-700">
          Pick your jurisdiction to create your ESG checklist, then connect the systems that hold your data.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild>
          <a href="/esg-wizard">Start ESG Wizard</a>
        </Button>
        <Button asChild variant="outline">
          <a href="/data-sources">Connect Data Sources</a>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Credits of the year, apart from the emissions cards: bought and retired tonnes and the
 * neutralisation figure, labelled with what it divides (the marketplace issue).
 */
export function CarbonCredits({ offsets }: { offsets: DashboardOverview['offsets'] }) {
  const figures = [
    { label: 'Purchased', value: `${formatCredits(offsets.purchasedTonnes)} tCO2e` },
    { label: 'Retired', value: `${formatCredits(offsets.retiredTonnes)} tCO2e` },
    {
      label: 'Neutralisation (credits bought ÷ gross emissions)',
      value: formatNeutralization(offsets.neutralizationPercentage),
    },
  ];
  return (
    <Card aria-labelledby="carbon-credits-title">
      <CardHeader>
        <CardTitle id="carbon-credits-title">Carbon credits (reported separately)</CardTitle>
        <CardDescription>
          Credits for {offsets.year}. They are shown beside your gross emissions and never subtracted from
          your scope totals.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-3">
          {figures.map((figure) => (
            <div key={figure.label} className="grid gap-0.5">
              <dt className="text-sm text-muted">{figure.label}</dt>
              <dd className="text-xl font-semibold text-ink tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <a
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          href="/marketplace"
        >
          Carbon credits in the Marketplace
        </a>
      </CardContent>
    </Card>
  );
}
