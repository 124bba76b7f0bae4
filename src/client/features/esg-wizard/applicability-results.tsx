import type { Obligation } from '../../../domain/esg/applicability';
import { Badge, type BadgeTone } from '../../ui/badge';
import { VERDICT_LABELS } from './applicability-form';
import { formatDate } from './wizard';

const VERDICT_TONES: Record<Obligation['verdict'], BadgeTone> = {
  applies: 'danger',
  does_not_apply: 'neutral',
  voluntary: 'info',
  not_in_force: 'warning',
};

function ObligationItem({ obligation }: { obligation: Obligation }) {
  return (
    <li className="grid gap-2 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-ink">{obligation.name}</h4>
        <Badge tone={VERDICT_TONES[obligation.verdict]}>{VERDICT_LABELS[obligation.verdict]}</Badge>
      </div>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
        {obligation.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <span>Facts checked {formatDate(obligation.asOf)}.</span>
        {obligation.sources.map((source) => (
          <a
            key={source.url}
            href={source.url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline underline-offset-2"
          >
            {source.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ))}
      </p>
    </li>
  );
}

/** Each regime's verdict for the answers given, with its reasons and sources. */
export function ApplicabilityResults({ id, obligations }: { id: string; obligations: Obligation[] }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-sm font-semibold text-ink">
        What applies to your company
      </h3>
      <ul className="grid gap-3">
        {obligations.map((obligation) => (
          <ObligationItem key={obligation.id} obligation={obligation} />
        ))}
      </ul>
      <p className="text-xs text-muted">
        A first reading of the rules, not legal advice. Group structures and subsidiaries can change the
        answer.
      </p>
    </section>
  );
}
