import { useId } from 'react';
import { getErrorMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useReportingYear, useSetReportingYear } from './api';
import {
  AUTOMATIC,
  automaticLabel,
  describeReportingYear,
  pickerYears,
  yearOptionLabel,
} from './reporting-year';

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
  const value = data.savedYear === null ? AUTOMATIC : String(data.savedYear);
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={`${id}-year`} className="whitespace-nowrap">
          Reporting year
        </Label>
        <Select
          value={value}
          disabled={!canSet || save.isPending}
          onValueChange={(next) => save.mutate(next === AUTOMATIC ? null : Number(next))}
        >
          <SelectTrigger id={`${id}-year`} className="w-auto min-w-56" aria-describedby={`${id}-shown`}>
            <SelectValue>{describeReportingYear(data)}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={AUTOMATIC}>{automaticLabel(data)}</SelectItem>
            {pickerYears(data).map((year) => (
              <SelectItem key={year} value={String(year)}>
                {yearOptionLabel(year, data)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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
