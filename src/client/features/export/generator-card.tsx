import { type FormEvent, useId, useState } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import {
  DEFAULT_VSME_TAXONOMY_VERSION,
  type ReportFormat,
  type ReportFramework,
  type VsmeTaxonomyVersionChoice,
} from '../../../domain/contracts/export';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { Progress } from '../../ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { SegmentedControl } from '../../ui/toggle-group';
import { useCompanyProfile, useUpdateCompanyProfile } from '../auth/api';
import { useReportingYear } from '../reporting-year/api';
import { canGenerate, FORMAT_OPTIONS, FRAMEWORK_OPTIONS, periodLabel, reportingPeriods } from './export';
import {
  defaultFramework,
  defaultIdentifierKind,
  entityIdentifierOf,
  type IdentifierKind,
  identifierProblem,
  normaliseIdentifier,
  profileChangeOf,
  profileIdentifierValue,
} from './identifier';
import { IdentifierField } from './identifier-field';
import { TaxonomyVersionField } from './taxonomy-version-field';
import type { useReportGeneration } from './use-report-generation';

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
  // The periods and the default follow the company's one reporting year (decision 086).
  const reportingYear = useReportingYear().data?.year;
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const periods = reportingYear === undefined ? [] : reportingPeriods(reportingYear, today);
  const [format, setFormat] = useState<ReportFormat>('pdf');
  // The framework follows the company's jurisdiction until the person picks one.
  const [chosenFramework, setFramework] = useState<ReportFramework | null>(null);
  const framework = chosenFramework ?? defaultFramework(jurisdiction);
  // The period is the reporting year until the person picks one; empty while the year loads.
  const [chosenPeriod, setPeriod] = useState<string | null>(null);
  const period = chosenPeriod ?? periods[0] ?? '';
  const [download, setDownload] = useState(true);
  const [sendEmail, setSendEmail] = useState(false);
  const [taxonomyVersion, setTaxonomyVersion] = useState<VsmeTaxonomyVersionChoice>(
    DEFAULT_VSME_TAXONOMY_VERSION,
  );
  // Only a CSRD report in XBRL is tagged with the VSME taxonomy.
  const isVsmeXbrl = format === 'xbrl' && framework === 'csrd';
  // The identifier kind follows the framework until the person picks one.
  const [chosenKind, setChosenKind] = useState<IdentifierKind | null>(null);
  const identifierKind = chosenKind ?? defaultIdentifierKind(framework);
  // The identifier starts from the company profile (decision 057) until the person types one.
  const profile = useCompanyProfile();
  const saveProfile = useUpdateCompanyProfile();
  const canEditCompany = useCan('company.edit');
  const saved = profileIdentifierValue(profile.data, identifierKind);
  const [typed, setTyped] = useState<string | null>(null);
  const identifier = typed ?? saved;
  const [saveToProfile, setSaveToProfile] = useState(true);
  const [showProblem, setShowProblem] = useState(false);
  const { isGenerating, isPending, progress } = generation;
  const problem = identifierProblem(identifierKind, identifier, format);
  const differsFromProfile =
    normaliseIdentifier(identifier) !== '' && normaliseIdentifier(identifier) !== saved;
  const offerSave = canEditCompany && profile.isSuccess && differsFromProfile;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      setShowProblem(true);
      document.getElementById(`${id}-identifier`)?.focus();
      return;
    }
    const entityIdentifier = entityIdentifierOf(identifierKind, identifier);
    if (offerSave && saveToProfile) {
      saveProfile.mutate(profileChangeOf(identifierKind, identifier), {
        onSuccess: () => {
          setTyped(null);
          toastSuccess('Identifier saved to the company profile');
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toastError('The identifier was not saved to the company profile');
        },
      });
    }
    generation.start({
      format,
      framework,
      period,
      delivery: { download, email: sendEmail },
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
          <div className="grid gap-1.5">
            <span aria-hidden="true" className="text-sm font-medium text-ink">
              Format
            </span>
            <SegmentedControl
              label="Format"
              value={format}
              options={FORMAT_OPTIONS}
              onValueChange={setFormat}
              className="w-fit"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-framework`}>Reporting framework</Label>
              <Select value={framework} onValueChange={(value) => setFramework(value as ReportFramework)}>
                <SelectTrigger id={`${id}-framework`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FRAMEWORK_OPTIONS.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-period`}>Reporting period</Label>
              <Select value={period} onValueChange={setPeriod}>
                <SelectTrigger id={`${id}-period`}>
                  <SelectValue placeholder="Loading the reporting year…" />
                </SelectTrigger>
                <SelectContent>
                  {periods.map((value) => (
                    <SelectItem key={value} value={value}>
                      {periodLabel(value)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          {isVsmeXbrl ? (
            <TaxonomyVersionField value={taxonomyVersion} onValueChange={setTaxonomyVersion} />
          ) : null}
          <IdentifierField
            inputId={`${id}-identifier`}
            kind={identifierKind}
            onKindChange={(kind) => {
              setChosenKind(kind);
              setTyped(null);
            }}
            value={identifier}
            onValueChange={setTyped}
            problem={showProblem ? problem : null}
            onBlur={() => setShowProblem(identifier.trim() !== '')}
            fromProfile={saved !== '' && typed === null}
          />
          {offerSave ? (
            <Checkbox
              id={`${id}-save-identifier`}
              label="Save this identifier to the company profile"
              hint="Later reports and Export XBRL then use it without asking."
              checked={saveToProfile}
              onChange={setSaveToProfile}
            />
          ) : null}
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium text-ink">Delivery</legend>
            <Checkbox
              id={`${id}-download`}
              label="Download immediately"
              hint="Saves the file as soon as it is ready, while this page is open."
              checked={download}
              onChange={setDownload}
            />
            <Checkbox
              id={`${id}-email`}
              label="Send via email"
              hint={email ? `Sends the file to ${email}.` : 'Sends the file to your account email.'}
              checked={sendEmail}
              onChange={setSendEmail}
            />
          </fieldset>
          <div className="grid gap-3">
            {/* spec §5: disabled while generating or while the request is pending. */}
            <Button
              type="submit"
              className="w-full sm:w-fit"
              disabled={!canWrite || period === '' || !canGenerate(isGenerating, isPending)}
            >
              {isGenerating ? 'Generating…' : 'Generate report'}
            </Button>
            {canWrite ? null : (
              <p className="text-sm text-muted">
                Viewers can download reports; a member or admin generates them.
              </p>
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
        </form>
      </CardContent>
    </Card>
  );
}
