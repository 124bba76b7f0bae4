import { type FormEvent, useId, useState } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import {
  DEFAULT_VSME_TAXONOMY_VERSION,
  type ReportFormat,
  type ReportFramework,
  type VsmeTaxonomyVersionChoice,
} from '../../../domain/contracts/export';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { Progress } from '../../ui/progress';
import { SelectField } from '../../ui/select-field';
import { SegmentedControl } from '../../ui/toggle-group';
import { useReportingYear } from '../reporting-year/api';
import { canGenerate, FORMAT_OPTIONS, FRAMEWORK_OPTIONS, periodLabel, reportingPeriods } from './export';
import { defaultFramework, entityIdentifierOf } from './identifier';
import { IdentifierField } from './identifier-field';
import { TaxonomyVersionField } from './taxonomy-version-field';
import type { useReportGeneration } from './use-report-generation';
import { useReportIdentifier } from './use-report-identifier';

export interface GeneratorCardProps {
  generation: ReturnType<typeof useReportGeneration>;
  /** Where 'Send via email' delivers (the signed-in user's address), when known. */
  email: string | null;
  /** Viewers read and download reports; members and admins generate them (the server's rule). */
  canWrite: boolean;
  /** The company's jurisdiction: the framework a report starts on (null: GRI). */
  jurisdiction: Jurisdiction | null;
}

function Checkbox({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** spec §2: format, framework, period and delivery, then Generate with its progress bar. */
export function GeneratorCard({ generation, email, canWrite, jurisdiction }: GeneratorCardProps) {
  const id = useId();
  const [format, setFormat] = useState<ReportFormat>('pdf');
  // The framework follows the company's jurisdiction until the person picks one.
  const [chosenFramework, setFramework] = useState<ReportFramework | null>(null);
  const framework = chosenFramework ?? defaultFramework(jurisdiction);
  // The periods and the default follow the company's one reporting year (decision 086).
  const reportingYear = useReportingYear().data?.year;
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const periods = reportingYear === undefined ? [] : reportingPeriods(reportingYear, today);
  // The period is the reporting year until the person picks one; empty while the year loads.
  const [chosenPeriod, setPeriod] = useState<string | null>(null);
  const period = chosenPeriod ?? periods[0] ?? '';
  const [delivery, setDelivery] = useState({ download: true, email: false });
  const [taxonomyVersion, setTaxonomyVersion] = useState<VsmeTaxonomyVersionChoice>(
    DEFAULT_VSME_TAXONOMY_VERSION,
  );
  // Only a CSRD report in XBRL is tagged with the VSME taxonomy.
  const isVsmeXbrl = format === 'xbrl' && framework === 'csrd';
  const identifier = useReportIdentifier(framework, format);
  const { isGenerating, isPending, progress } = generation;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (identifier.problem) {
      identifier.setShowProblem(true);
      document.getElementById(`${id}-identifier`)?.focus();
      return;
    }
    const entityIdentifier = entityIdentifierOf(identifier.kind, identifier.value);
    identifier.saveIfAsked();
    generation.start({
      format,
      framework,
      period,
      delivery,
      ...(isVsmeXbrl ? { taxonomyVersion } : {}),
      ...(entityIdentifier ? { entityIdentifier } : {}),
    });
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Generate a report</CardTitle>
        <CardDescription>
          Built from your ledger, ESG answers and approved narratives for the period you choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-5">
          <FormatField format={format} onChange={setFormat} />
          <FrameworkAndPeriodFields
            id={id}
            framework={framework}
            onFrameworkChange={setFramework}
            periods={periods}
            period={period}
            onPeriodChange={setPeriod}
          />
          {isVsmeXbrl ? (
            <TaxonomyVersionField value={taxonomyVersion} onValueChange={setTaxonomyVersion} />
          ) : null}
          <IdentifierSection id={id} identifier={identifier} />
          <DeliveryFields id={id} email={email} delivery={delivery} onChange={setDelivery} />
          <GenerateActions
            canWrite={canWrite}
            hasPeriod={period !== ''}
            isGenerating={isGenerating}
            isPending={isPending}
            progress={progress}
          />
        </form>
      </CardContent>
    </Card>
  );
}

function FormatField({
  format,
  onChange,
}: {
  format: ReportFormat;
  onChange: (format: ReportFormat) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-ink">
        Format
      </span>
      <SegmentedControl
        label="Format"
        value={format}
        options={FORMAT_OPTIONS}
        onValueChange={onChange}
        className="w-fit"
      />
    </div>
  );
}

/** The identifier field and, when the typed value differs from the profile, the offer to save it. */
function IdentifierSection({
  id,
  identifier,
}: {
  id: string;
  identifier: ReturnType<typeof useReportIdentifier>;
}) {
  return (
    <>
      <IdentifierField
        inputId={`${id}-identifier`}
        kind={identifier.kind}
        onKindChange={identifier.changeKind}
        value={identifier.value}
        onValueChange={identifier.setTyped}
        problem={identifier.showProblem ? identifier.problem : null}
        onBlur={() => identifier.setShowProblem(identifier.value.trim() !== '')}
        fromProfile={identifier.fromProfile}
      />
      {identifier.offerSave ? (
        <Checkbox
          id={`${id}-save-identifier`}
          label="Save this identifier to the company profile"
          hint="Later reports and Export XBRL then use it without asking."
          checked={identifier.saveToProfile}
          onChange={identifier.setSaveToProfile}
        />
      ) : null}
    </>
  );
}

function FrameworkAndPeriodFields({
  id,
  framework,
  onFrameworkChange,
  periods,
  period,
  onPeriodChange,
}: {
  id: string;
  framework: ReportFramework;
  onFrameworkChange: (framework: ReportFramework) => void;
  /** Around the reporting year (reportingPeriods); empty while it loads. */
  periods: readonly string[];
  period: string;
  onPeriodChange: (period: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={`${id}-framework`}
        label="Reporting framework"
        value={framework}
        options={FRAMEWORK_OPTIONS}
        onValueChange={onFrameworkChange}
      />
      <SelectField
        id={`${id}-period`}
        label="Reporting period"
        value={period}
        options={periods.map((value) => ({ value, label: periodLabel(value) }))}
        onValueChange={onPeriodChange}
        placeholder="Loading the reporting year…"
      />
    </div>
  );
}

interface Delivery {
  download: boolean;
  email: boolean;
}

function DeliveryFields({
  id,
  email,
  delivery,
  onChange,
}: {
  id: string;
  email: string | null;
  delivery: Delivery;
  onChange: (delivery: Delivery) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-ink">Delivery</legend>
      <Checkbox
        id={`${id}-download`}
        label="Download immediately"
        hint="Saves the file as soon as it is ready, while this page is open."
        checked={delivery.download}
        onChange={(download) => onChange({ ...delivery, download })}
      />
      <Checkbox
        id={`${id}-email`}
        label="Send via email"
        hint={email ? `Sends the file to ${email}.` : 'Sends the file to your account email.'}
        checked={delivery.email}
        onChange={(sendEmail) => onChange({ ...delivery, email: sendEmail })}
      />
    </fieldset>
  );
}

function GenerateActions({
  canWrite,
  hasPeriod,
  isGenerating,
  isPending,
  progress,
}: {
  canWrite: boolean;
  /** False while the reporting year (the default period) loads. */
  hasPeriod: boolean;
  isGenerating: boolean;
  isPending: boolean;
  progress: number;
}) {
  return (
    <div className="grid gap-3">
      {/* spec §5: disabled while generating or while the request is pending. */}
      <Button
        type="submit"
        className="w-full sm:w-fit"
        disabled={!canWrite || !hasPeriod || !canGenerate(isGenerating, isPending)}
      >
        {isGenerating ? 'Generating…' : 'Generate report'}
      </Button>
      {canWrite ? null : (
        <p className="text-sm text-muted">Viewers can download reports; a member or admin generates them.</p>
      )}
      {isGenerating ? (
        <div className="grid gap-1.5">
          <Progress value={progress} label="Report generation progress" />
          <p className="text-sm text-muted" role="status">
            Sending your request… {progress}%
          </p>
        </div>
      ) : null}
    </div>
  );
}
