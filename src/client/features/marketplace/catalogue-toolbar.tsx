import { useId } from 'react';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { addToast } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSyncProjects } from './api';
import { describeSyncResult, type TypeFilter, typeFilterOptions } from './marketplace';

const TYPE_OPTIONS = typeFilterOptions();

function SyncButton() {
  const sync = useSyncProjects();
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => addToast({ title: 'Projects Updated', description: describeSyncResult(result) }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        addToast({
          title: 'Sync Failed',
          description: 'Failed to sync projects. Please try again later.',
          variant: 'destructive',
        });
      },
    });
  return (
    <Button variant="outline" onClick={run} disabled={sync.isPending}>
      {sync.isPending ? 'Syncing…' : 'Sync projects'}
    </Button>
  );
}

export interface CatalogueToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  type: TypeFilter;
  onTypeChange: (type: TypeFilter) => void;
}

/** spec §2/§5: search box, type filter buttons ('All' or one type) and the sync button. */
export function CatalogueToolbar({ search, onSearchChange, type, onTypeChange }: CatalogueToolbarProps) {
  const id = useId();
  const canSync = useCan('offsets.sync');
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <Label htmlFor={`${id}-search`}>Search projects</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Name, description or location"
          />
        </div>
        {canSync ? <SyncButton /> : null}
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-ink">Project type</legend>
        <div className="flex flex-wrap gap-2">
          {TYPE_OPTIONS.map((option) => {
            const isActive = option.value === type;
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={isActive}
                onClick={() => onTypeChange(option.value)}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  isActive
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-border bg-surface text-ink hover:bg-canvas',
                )}
              >
                {option.label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
