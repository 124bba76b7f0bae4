import { type FormEvent, useId, useState } from 'react';
import type { AuditLogFilters } from '../../../domain/contracts/audit';
import { Button } from '../../ui/button';
import { fieldClasses, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { type AuditFilters, EMPTY_FILTERS } from './api';
import { actionLabel } from './format';

interface AuditFiltersFormProps {
  options: AuditLogFilters | undefined;
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** A labelled native select whose first option, '', means "all". */
function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }> | undefined;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={`${fieldClasses} h-10`} value={value} onChange={onChange}>
        <option value="">{allLabel}</option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Action, entity type, user and a date range; applied together so the list moves once. */
export function AuditFiltersForm({ options, value, onApply }: AuditFiltersFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
    >
      <FilterSelect
        id={`${id}-action`}
        label="Action"
        allLabel="All actions"
        value={draft.action}
        options={options?.actions.map((action) => ({ value: action, label: actionLabel(action) }))}
        onChange={set('action')}
      />
      <FilterSelect
        id={`${id}-entity`}
        label="Entity type"
        allLabel="All types"
        value={draft.entityType}
        options={options?.entityTypes.map((type) => ({ value: type, label: actionLabel(type) }))}
        onChange={set('entityType')}
      />
      <FilterSelect
        id={`${id}-user`}
        label="User"
        allLabel="Everyone"
        value={draft.userId}
        options={options?.users.map((user) => ({ value: user.id, label: user.name }))}
        onChange={set('userId')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={set('from')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={set('to')}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
