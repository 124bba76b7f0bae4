import { useId } from 'react';
import { getErrorMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { DeferredControl, loadOnce, type OpenableControl } from '../../ui/deferred-control';
import { ChevronDownIcon } from '../../ui/icons';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { selectTriggerClasses } from '../../ui/select-face';
import { useReportingYear, useSetReportingYear } from './api';
import { describeReportingYear } from './reporting-year';
import type { ReportingYearSelectProps } from './reporting-year-select';

/** Radix Select's code loads when the person first opens the picker (decision 064). */
const loadReportingYearSelect = loadOnce<OpenableControl<ReportingYearSelectProps>>(() =>
  import('./reporting-year-select').then((module) => module.ReportingYearSelect),
);

/**
 * The company's reporting year (decision 053), shown where figures are: "Reporting year: 2025
 * (latest with data)". Members change it for everyone in the company; viewers see it with the
 * reason they cannot change it. The figures around it refetch once it is saved.
 */
export function ReportingYearPicker() {
  const id = useId();
  const reporting = useReportingYear();
  const save = useSetReportingYear();
  const canSet = useCan('reportingYear.set');
  const data = reporting.data;
  if (!data) {
    return (
      <p className="text-sm text-muted" aria-busy={reporting.isPending || undefined}>
        {reporting.isError ? "Couldn't load the reporting year." : 'Loading the reporting year…'}
      </p>
    );
  }
  const disabled = !canSet || save.isPending;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={`${id}-year`} className="whitespace-nowrap">
          Reporting year
        </Label>
        <DeferredControl
          load={loadReportingYearSelect}
          props={{
            id: `${id}-year`,
            describedBy: `${id}-shown`,
            data,
            disabled,
            onChange: (year: number | null) => save.mutate(year),
          }}
          popup="listbox"
          placeholder={(trigger) => (
            <button
              {...trigger}
              role="combobox"
              aria-expanded={false}
              id={`${id}-year`}
              aria-describedby={`${id}-shown`}
              disabled={disabled}
              className={selectTriggerClasses('w-auto min-w-56')}
            >
              <span>{describeReportingYear(data)}</span>
              <ChevronDownIcon aria-hidden="true" className="size-4 opacity-70" />
            </button>
          )}
        />
        <p id={`${id}-shown`} className="sr-only">
          {`Figures on this page are for ${data.year}.`}
        </p>
        {save.isPending ? (
          <p role="status" className="text-sm text-muted">
            Saving…
          </p>
        ) : null}
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The reporting year was not changed: {getErrorMessage(save.error)}
        </p>
      ) : null}
      <PermissionNote action="reportingYear.set" />
    </div>
  );
}
