import type { ReportingYear } from '../../../domain/contracts/reporting-year';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select-radix';
import {
  AUTOMATIC,
  automaticLabel,
  describeReportingYear,
  pickerYears,
  yearOptionLabel,
} from './reporting-year';

export interface ReportingYearSelectProps {
  id: string;
  describedBy: string;
  data: ReportingYear;
  disabled: boolean;
  onChange: (year: number | null) => void;
}

/** The picker's Radix Select, loaded on first use (reporting-year-picker.tsx, decision 064). */
export function ReportingYearSelect({
  id,
  describedBy,
  data,
  disabled,
  onChange,
  defaultOpen = false,
}: ReportingYearSelectProps & { defaultOpen?: boolean }) {
  return (
    <Select
      value={data.savedYear === null ? AUTOMATIC : String(data.savedYear)}
      disabled={disabled}
      defaultOpen={defaultOpen}
      onValueChange={(next) => onChange(next === AUTOMATIC ? null : Number(next))}
    >
      <SelectTrigger id={id} className="w-auto min-w-56" aria-describedby={describedBy}>
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
  );
}
