import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/**
 * A labelled select over a list of choices: the shape the report, narrative and ledger pickers
 * share. Kept apart from select.tsx so the pages that never show one do not carry it.
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onValueChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: V | undefined;
  options: ReadonlyArray<{ value: V; label: string }>;
  onValueChange: (value: V) => void;
  /** Shown while `value` is not yet known. */
  placeholder?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onValueChange(next as V)}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
