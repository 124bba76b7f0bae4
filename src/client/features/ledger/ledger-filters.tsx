import { useId } from 'react';
// The list the contract's enum is made of, without zod on the screen's first load (decision 070).
import { ACTIVITY_CATEGORIES } from '../../../domain/emissions/activity-variants';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { SelectField } from '../../ui/select-field';
import type { ActivityFilters } from './api';
import { CATEGORY_LABELS } from './format';

const ALL = 'all';
export const NOT_COUNTED = 'not_counted';

/** A labelled filter list whose first choice, 'all', clears the filter. */
function FilterSelect({
  id,
  label,
  value,
  allLabel,
  options,
  onValueChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Called with the chosen value, or undefined for 'all'. */
  onValueChange: (value: string | undefined) => void;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      value={value ?? ALL}
      options={[{ value: ALL, label: allLabel }, ...options]}
      onValueChange={(next) => onValueChange(next === ALL ? undefined : next)}
    />
  );
}

function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

const CATEGORY_OPTIONS = ACTIVITY_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_LABELS[category],
}));
const STATUS_OPTIONS = [{ value: NOT_COUNTED, label: 'Not counted' }];

/** The ledger's date range, site, category and "not counted" filters. */
export function LedgerFilters({
  filters,
  onChange,
  sites,
}: {
  filters: ActivityFilters;
  onChange: (patch: Partial<ActivityFilters>) => void;
  sites: ReadonlyArray<{ id: string; name: string }>;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Filter the ledger</legend>
      <DateFilter
        id={`${id}-from`}
        label="From"
        value={filters.from}
        onChange={(from) => onChange({ from })}
      />
      <DateFilter id={`${id}-to`} label="To" value={filters.to} onChange={(to) => onChange({ to })} />
      <FilterSelect
        id={`${id}-site`}
        label="Site"
        value={filters.siteId}
        allLabel="All sites"
        options={sites.map((site) => ({ value: site.id, label: site.name }))}
        onValueChange={(siteId) => onChange({ siteId })}
      />
      <FilterSelect
        id={`${id}-category`}
        label="Category"
        value={filters.category}
        allLabel="All categories"
        options={CATEGORY_OPTIONS}
        onValueChange={(value) => {
          onChange({ category: ACTIVITY_CATEGORIES.find((category) => category === value) });
        }}
      />
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        value={filters.status}
        allLabel="All lines"
        options={STATUS_OPTIONS}
        onValueChange={(value) => onChange({ status: value === NOT_COUNTED ? NOT_COUNTED : undefined })}
      />
    </fieldset>
  );
}
