import type { FeatureAdoption } from '../../../domain/contracts/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { formatCount, formatRate } from './format';

interface Feature {
  title: string;
  rate: number;
  /** What the rate measures, in words. */
  rateLabel: string;
  figures: Array<{ label: string; value: number }>;
}

function features(adoption: FeatureAdoption['adoption']): Feature[] {
  return [
    {
      title: 'ESG Wizard',
      rate: adoption.wizard.rate,
      rateLabel: 'of active users completed the wizard',
      figures: [
        { label: 'Started', value: adoption.wizard.started },
        { label: 'Completed', value: adoption.wizard.completed },
      ],
    },
    {
      title: 'AI Narratives',
      rate: adoption.narrative.rate,
      rateLabel: 'of active users generated a narrative',
      figures: [{ label: 'Generated', value: adoption.narrative.generated }],
    },
    {
      title: 'Report Export',
      rate: adoption.export.rate,
      rateLabel: 'of active users exported a report',
      figures: [{ label: 'Exported', value: adoption.export.exported }],
    },
    {
      title: 'Data Sources',
      rate: adoption.dataSources.rate,
      rateLabel: 'of active users connected a data source',
      figures: [{ label: 'Connected', value: adoption.dataSources.connected }],
    },
  ];
}

/** spec §2 Feature Adoption: per feature, the users who used it and their share of active users. */
export function AdoptionTab({ adoption, days }: { adoption: FeatureAdoption['adoption']; days: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {features(adoption).map((feature) => (
        <Card key={feature.title} aria-label={feature.title}>
          <CardHeader>
            <CardTitle as="h3">{feature.title}</CardTitle>
            <CardDescription>Users in the last {days} days</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <dl className="flex flex-wrap gap-6">
              {feature.figures.map((figure) => (
                <div key={figure.label} className="grid">
                  <dt className="text-sm text-muted">{figure.label}</dt>
                  <dd className="text-2xl font-semibold text-ink tabular-nums">
                    {formatCount(figure.value)}
                  </dd>
                </div>
              ))}
            </dl>
            <Progress value={feature.rate} label={`${feature.title} adoption`} />
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-ink tabular-nums">{formatRate(feature.rate)}</span>{' '}
              {feature.rateLabel}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
