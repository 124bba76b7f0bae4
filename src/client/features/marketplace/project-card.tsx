import type { OffsetProject } from '../../../domain/contracts/marketplace';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ExternalLinkIcon } from '../../ui/icons';
import { cobenefitBadges, formatCount, formatPricePerTonne, humanizeType, shortNote } from './marketplace';

const EFFECT_LABELS: Record<OffsetProject['climateEffect'], string> = {
  removal: 'Removal',
  avoidance: 'Avoidance',
};

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * One project. `imageUrl` is not drawn: catalogue images live on third-party hosts, which the
 * Content-Security-Policy does not allow, and the card says everything a buyer needs in text.
 */
/** Without `onPurchase` (a role that may not buy offsets) the card has no Purchase button. */
export function ProjectCard({ project, onPurchase }: { project: OffsetProject; onPurchase?: () => void }) {
  const isSoldOut = project.availableCredits <= 0;
  const { shown, moreLabel } = cobenefitBadges(project.cobenefits);
  const titleId = `project-${project.id}-title`;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{humanizeType(project.projectType)}</Badge>
          <Badge tone={project.climateEffect === 'removal' ? 'success' : 'neutral'}>
            {EFFECT_LABELS[project.climateEffect]}
          </Badge>
          {isSoldOut ? <Badge tone="danger">Sold Out</Badge> : null}
        </div>
        <h3 id={titleId} className="text-base font-semibold text-ink">
          {project.name}
        </h3>
        <p className="text-sm text-muted">{project.location}</p>
      </div>
      <p className="text-sm text-slate-700">{project.description}</p>
      <dl className="grid gap-1.5 text-sm">
        <Detail term="Registry">{`${project.registry} · ${project.registryProjectId}`}</Detail>
        <Detail term="Vintage">{String(project.vintageYear)}</Detail>
        <Detail term="Standard">{project.verificationStandard}</Detail>
        <Detail term="Methodology">{project.methodology}</Detail>
        <Detail term="Permanence">{shortNote(project.permanenceNotes)}</Detail>
      </dl>
      {shown.length > 0 ? (
        <ul aria-label="Co-benefits" className="flex flex-wrap gap-1.5">
          {shown.map((benefit) => (
            <li key={benefit}>
              <Badge>{benefit}</Badge>
            </li>
          ))}
          {moreLabel ? (
            <li>
              <Badge title={project.cobenefits.slice(shown.length).join(', ')}>{moreLabel}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="mt-auto grid gap-3 border-t border-border pt-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg font-semibold text-ink tabular-nums">
            {formatPricePerTonne(project.pricePerTon)}
          </p>
          <p className="text-sm text-slate-700" data-testid="available-credits">
            {isSoldOut
              ? 'No credits available'
              : `${formatCount(project.availableCredits)} credits available`}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {project.certificationUrl ? (
            <a
              href={project.certificationUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline [&_svg]:size-4"
            >
              Certification
              <span className="sr-only"> for {project.name} (opens in a new tab)</span>
              <ExternalLinkIcon />
            </a>
          ) : (
            <span className="text-sm text-muted">No certification link</span>
          )}
          {onPurchase ? (
            <Button onClick={onPurchase} disabled={isSoldOut}>
              {isSoldOut ? 'Sold Out' : 'Purchase'}
              <span className="sr-only"> credits from {project.name}</span>
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
