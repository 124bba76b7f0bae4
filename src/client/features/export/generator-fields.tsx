import { type ComponentProps, useRef, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import { DEFAULT_VSME_TAXONOMY_VERSION, type GenerateReport } from '../../../domain/contracts/export';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, useFieldId } from '../../forms/form-field';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { Progress } from '../../ui/progress';
import { SelectField } from '../../ui/select-field';
import { SegmentedControl } from '../../ui/toggle-group';
import { useCompanyProfile } from '../auth/api';
import { useReportingYear } from '../reporting-year/api';
import { canGenerate, FORMAT_OPTIONS, FRAMEWORK_OPTIONS, periodLabel, reportingPeriods } from './export';
import {
  type GeneratorDefaults,
  type GeneratorFormValues,
  generatorFormSchema,
  type ResolvedGenerator,
  resolveGenerator,
} from './generator-form';
import { IdentifierField, useRecheckIdentifier } from './identifier-field';
import { TaxonomyVersionField } from './taxonomy-version-field';
import type { useReportGeneration } from './use-report-generation';
import { useReportIdentifier } from './use-report-identifier';

export interface GeneratorFormProps {
  generation: ReturnType<typeof useReportGeneration>;
  /** Where 'Send via email' delivers (the signed-in user's address), when known. */
  email: string | null;
  /** Viewers read and download reports; members and admins generate them (the server's rule). */
  canWrite: boolean;
  /** The company's jurisdiction: the framework a report starts on (null: GRI). */
  jurisdiction: Jurisdiction | null;
}

const START: GeneratorFormValues = {
  format: 'pdf',
  framework: null,
  period: null,
  taxonomyVersion: DEFAULT_VSME_TAXONOMY_VERSION,
  download: true,
  email: false,
  identifierKind: null,
  identifier: null,
  saveIdentifier: true,
};

/**
 * What the form's null fields follow (the jurisdiction's framework, the reporting year, the
 * profile's identifier), read by the contract check at each submit through a ref so the check
 * always sees the latest.
 */
function useGeneratorDefaults(jurisdiction: Jurisdiction | null) {
  // The periods and the default follow the company's one reporting year (decision 086).
  const reportingYear = useReportingYear().data?.year;
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const periods = reportingYear === undefined ? [] : reportingPeriods(reportingYear, today);
  const profile = useCompanyProfile();
  const defaults: GeneratorDefaults = {
    jurisdiction,
    reportingPeriod: periods[0] ?? '',
    profile: profile.data,
  };
  const latest = useRef(defaults);
  latest.current = defaults;
  return { defaults, periods, latest, isProfileLoaded: profile.isSuccess };
}

/** spec §2: format, framework, period and delivery, then Generate with its progress bar. */
export function GeneratorForm({ generation, email, canWrite, jurisdiction }: GeneratorFormProps) {
  const { defaults, periods, latest, isProfileLoaded } = useGeneratorDefaults(jurisdiction);
  const [schema] = useState(() => generatorFormSchema(() => latest.current));
  // An identifier is checked once left, then as it changes (it is not refused mid-typing).
  const form = useContractForm<GeneratorFormValues, GenerateReport>(schema, START, 'onTouched');
  const { control, setValue } = form;
  const resolved = resolveGenerator(useWatch({ control }) as GeneratorFormValues, defaults);
  const identifier = useReportIdentifier(resolved, isProfileLoaded, setValue);
  const { isGenerating, isPending, progress } = generation;

  const submit = (request: GenerateReport) => {
    identifier.saveIfAsked();
    generation.start(request);
  };

  return (
    <ContractFormRoot form={form} onSubmit={submit} className="grid gap-5">
      <ReportChoices resolved={resolved} periods={periods} />
      {resolved.isVsmeXbrl ? <TaxonomyVersionField /> : null}
      <IdentifierField resolved={resolved} />
      {identifier.offerSave ? (
        <Checkbox
          name="saveIdentifier"
          label="Save this identifier to the company profile"
          hint="Later reports and Export XBRL then use it without asking."
        />
      ) : null}
      <DeliveryFields email={email} />
      <GenerateActions
        canWrite={canWrite}
        hasPeriod={resolved.period !== ''}
        isGenerating={isGenerating}
        isPending={isPending}
        progress={progress}
      />
    </ContractFormRoot>
  );
}

/** Format, framework and period; the identifier's message is checked again after a change. */
function ReportChoices({ resolved, periods }: { resolved: ResolvedGenerator; periods: readonly string[] }) {
  const { setValue } = useFormContext<GeneratorFormValues>();
  const recheckIdentifier = useRecheckIdentifier();
  const frameworkId = useFieldId('framework');
  const periodId = useFieldId('period');
  return (
    <>
      <div className="grid gap-1.5">
        <span aria-hidden="true" className="text-sm font-medium text-ink">
          Format
        </span>
        <SegmentedControl
          label="Format"
          value={resolved.format}
          options={FORMAT_OPTIONS}
          onValueChange={(format) => {
            setValue('format', format);
            recheckIdentifier();
          }}
          className="w-fit"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={frameworkId}
          label="Reporting framework"
          value={resolved.framework}
          options={FRAMEWORK_OPTIONS}
          onValueChange={(framework) => {
            setValue('framework', framework);
            recheckIdentifier();
          }}
        />
        <SelectField
          id={periodId}
          label="Reporting period"
          value={resolved.period || undefined}
          options={periods.map((value) => ({ value, label: periodLabel(value) }))}
          onValueChange={(period) => setValue('period', period)}
          placeholder="Loading the reporting year…"
        />
      </div>
    </>
  );
}

/** A checkbox bound to a boolean of the form, with its label and hint. */
function Checkbox({
  name,
  label,
  hint,
}: {
  name: 'download' | 'email' | 'saveIdentifier';
  label: string;
  hint: string;
}) {
  const { control } = useFormContext<GeneratorFormValues>();
  const { field } = useController({ control, name });
  const id = useFieldId(name);
  const box: ComponentProps<'input'> = {
    id,
    type: 'checkbox',
    name: field.name,
    ref: field.ref,
    checked: field.value,
    onChange: (event) => field.onChange(event.target.checked),
    onBlur: field.onBlur,
  };
  return (
    <div className="flex items-start gap-2.5">
      <input
        {...box}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

function DeliveryFields({ email }: { email: string | null }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-ink">Delivery</legend>
      <Checkbox
        name="download"
        label="Download immediately"
        hint="Saves the file as soon as it is ready, while this page is open."
      />
      <Checkbox
        name="email"
        label="Send via email"
        hint={email ? `Sends the file to ${email}.` : 'Sends the file to your account email.'}
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
