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
  const selectClass = `${fieldClasses} h-10`;
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <select id={`${id}-action`} className={selectClass} value={draft.action} onChange={set('action')}>
          <option value="">All actions</option>
          {options?.actions.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-entity`}>Entity type</Label>
        <select
          id={`${id}-entity`}
          className={selectClass}
          value={draft.entityType}
          onChange={set('entityType')}
        >
          <option value="">All types</option>
          {options?.entityTypes.map((type) => (
            <option key={type} value={type}>
              {actionLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-user`}>User</Label>
        <select id={`${id}-user`} className={selectClass} value={draft.userId} onChange={set('userId')}>
          <option value="">Everyone</option>
          {options?.users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
      </div>
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
