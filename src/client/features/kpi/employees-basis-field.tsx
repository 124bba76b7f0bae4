import type { EmployeesBasis } from '../../../domain/contracts/ledger';
import { FieldError } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';

const BASIS_LABELS: Record<EmployeesBasis, string> = {
  headcount: 'Headcount (people)',
  fte: 'Full-time equivalents (FTE)',
};

/**
 * How the employees figure was counted (VSME B1 lets the company choose; decision 057): XBRL tags
 * the figure in this basis, so it is asked rather than assumed.
 */
export function EmployeesBasisField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: EmployeesBasis | '';
  error?: string;
  onChange: (value: EmployeesBasis) => void;
}) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>Counted as</Label>
      <Select
        value={value || undefined}
        onValueChange={(next) => {
          if (next === 'headcount' || next === 'fte') onChange(next);
        }}
      >
        <SelectTrigger id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
          <SelectValue placeholder="Choose how you counted" />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(BASIS_LABELS) as EmployeesBasis[]).map((option) => (
            <SelectItem key={option} value={option}>
              {BASIS_LABELS[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Reports tag the figure this way: people at year end, or full-time equivalents.
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
