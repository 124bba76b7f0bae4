import { useId } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import { WizardJurisdictionSchema } from '../../../domain/contracts/esg-wizard';
import { RULE_PACK_STATUS } from '../../../domain/esg/rule-packs/status';
import type { StatusLine } from '../../../domain/esg/types';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import { InfoIcon } from '../../ui/icons';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useInitializeChecklist } from './api';
import { ApplicabilityCheck } from './applicability-check';
import { DEFAULT_JURISDICTION, JURISDICTIONS, type JurisdictionInfo } from './jurisdictions';
import { formatDate } from './wizard';

function StatusLineText({ line }: { line: StatusLine }) {
  return (
    <p className="text-slate-700">
      <span className="font-medium text-ink">Current status (as of {formatDate(line.asOf)}):</span>{' '}
      {line.text}
      {line.sources.length > 0 ? (
        <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {line.sources.map((source) => (
            <a
              key={source.url}
              href={source.url}
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {source.title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ))}
        </span>
      ) : null}
    </p>
  );
}

/** The rule pack's dated facts: the first in full, the others behind a disclosure to keep panels short. */
function CurrentStatus({ lines }: { lines: readonly StatusLine[] }) {
  const [first, ...rest] = lines;
  if (!first) return null;
  return (
    <div className="grid gap-2 border-t border-border pt-3 text-sm">
      <StatusLineText line={first} />
      {rest.length > 0 ? (
        <details className="group">
          <summary className="cursor-pointer rounded-sm font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {rest.length} more status update{rest.length === 1 ? '' : 's'}
          </summary>
          <div className="mt-2 grid gap-2">
            {rest.map((line) => (
              <StatusLineText key={`${line.asOf}-${line.text}`} line={line} />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}

function InfoPanel({ info, isSelected }: { info: JurisdictionInfo; isSelected: boolean }) {
  return (
    <li
      className={cn(
        'grid content-start gap-3 rounded-lg border p-4',
        isSelected ? 'border-brand-600 bg-brand-50' : 'border-border bg-surface',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">{info.title}</h3>
        {isSelected ? <Badge tone="success">Selected</Badge> : null}
      </div>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
        {info.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <CurrentStatus lines={RULE_PACK_STATUS[info.value].currentStatus} />
    </li>
  );
}

/**
 * Creates the checklist for the chosen jurisdiction (with the Comprehensive module when asked, CSRD
 * only); says so and counts the wizard as started.
 */
function useStartChecklist(
  jurisdiction: Jurisdiction | '',
  includeComprehensive: boolean,
  onInitialized: () => void,
) {
  const mutation = useInitializeChecklist();
  const initialize = () => {
    const parsed = WizardJurisdictionSchema.safeParse(jurisdiction);
    if (!parsed.success) {
      toastError('Please select a jurisdiction');
      return;
    }
    const chosen = parsed.data;
    mutation.mutate(
      { jurisdiction: chosen, ...(chosen === 'CSRD' ? { includeComprehensive } : {}) },
      {
        onSuccess: () => {
          toastSuccess('ESG checklist initialized successfully');
          trackEvent('wizard_started');
          trackEvent('wizard_step_completed', { step: 1 });
          onInitialized();
        },
        onError: (error) => {
          // A lost session has its own toast and redirect (query client).
          if (!isUnauthorizedError(error)) toastError('Failed to initialize ESG checklist');
        },
      },
    );
  };
  return { initialize, isPending: mutation.isPending };
}

function JurisdictionSelect({
  id,
  jurisdiction,
  onChange,
}: {
  id: string;
  jurisdiction: Jurisdiction | '';
  onChange: (value: Jurisdiction) => void;
}) {
  return (
    <div className="grid max-w-sm gap-1.5">
      <Label htmlFor={id}>Jurisdiction</Label>
      <Select
        value={jurisdiction || undefined}
        onValueChange={(value) => {
          const parsed = WizardJurisdictionSchema.safeParse(value);
          if (parsed.success) onChange(parsed.data);
        }}
      >
        <SelectTrigger id={id} aria-required="true">
          <SelectValue placeholder="Select a jurisdiction" />
        </SelectTrigger>
        <SelectContent>
          {JURISDICTIONS.map((info) => (
            <SelectItem key={info.value} value={info.value}>
              {info.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** CSRD only: the optional VSME Comprehensive module. */
function ComprehensiveOption({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-brand-700"
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>Include the Comprehensive module (C1–C9)</Label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          Optional. Adds the VSME Comprehensive disclosures, often asked for by banks and large customers.
        </p>
      </div>
    </div>
  );
}

export function JurisdictionStep({
  jurisdiction,
  onJurisdictionChange,
  includeComprehensive,
  onIncludeComprehensiveChange,
  onInitialized,
}: {
  jurisdiction: Jurisdiction | '';
  onJurisdictionChange: (value: Jurisdiction) => void;
  includeComprehensive: boolean;
  onIncludeComprehensiveChange: (value: boolean) => void;
  onInitialized: () => void;
}) {
  const id = useId();
  const { initialize, isPending } = useStartChecklist(jurisdiction, includeComprehensive, onInitialized);
  const canInitialize = useCan('esg.edit');

  return (
    <div className="grid gap-6">
      <Card aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>Select your jurisdiction</CardTitle>
          <CardDescription>
            The checklist of ESG indicators depends on the reporting regime that applies to your company.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <JurisdictionSelect
            id={`${id}-jurisdiction`}
            jurisdiction={jurisdiction}
            onChange={onJurisdictionChange}
          />

          <ul className="grid gap-4 lg:grid-cols-3" aria-label="Jurisdictions">
            {JURISDICTIONS.map((info) => (
              <InfoPanel key={info.value} info={info} isSelected={info.value === jurisdiction} />
            ))}
          </ul>

          {jurisdiction === 'CSRD' ? (
            <ComprehensiveOption
              id={`${id}-comprehensive`}
              checked={includeComprehensive}
              onChange={onIncludeComprehensiveChange}
            />
          ) : null}

          <div className="flex gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            <InfoIcon className="mt-0.5 shrink-0" />
            <p>
              Initialising creates the checklist for the selected jurisdiction and fills in what your activity
              ledger already knows. You can change your answers at any time, and initialising again keeps
              every answer you have given.
            </p>
          </div>

          {canInitialize ? (
            <div>
              <Button onClick={initialize} disabled={isPending}>
                {isPending ? 'Initializing…' : 'Initialize ESG Checklist'}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <ApplicabilityCheck jurisdiction={jurisdiction || DEFAULT_JURISDICTION} />
    </div>
  );
}
