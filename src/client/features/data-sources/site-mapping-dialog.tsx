import { useEffect, useId, useState } from 'react';
import type { DataSource, SiteMapping } from '../../../domain/contracts/data-sources';
import type { Site } from '../../../domain/contracts/ledger';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { useSites } from '../ledger/api';
import { SiteSelect } from '../ledger/site-select';
import { useSiteMappings, useUpdateSiteMappings } from './api';
import { MappingFooter, MappingLoading, MappingRow, MappingTable } from './mapping-table';

function TrackingOptionsTable({
  id,
  rows,
  sites,
  choices,
  onChoose,
}: {
  id: string;
  rows: readonly SiteMapping[];
  sites: readonly Site[];
  choices: Record<string, string>;
  onChoose: (trackingKey: string, siteId: string) => void;
}) {
  return (
    <MappingTable columns={['Tracking option', 'Site']}>
      {rows.map((row, index) => (
        <MappingRow
          key={row.trackingKey}
          controlId={`${id}-${index}`}
          label={row.trackingName}
          suggested={!row.isUserSet}
        >
          <SiteSelect
            id={`${id}-${index}`}
            className="w-full min-w-44"
            value={choices[row.trackingKey] ?? ''}
            sites={sites}
            onChange={(siteId) => onChoose(row.trackingKey, siteId)}
          />
        </MappingRow>
      ))}
    </MappingTable>
  );
}

/** The tracking options' sites as edited, and saving only the changed ones (`onDone` after, or at once). */
function useTrackingChoices(source: DataSource, open: boolean, onDone: () => void) {
  const query = useSiteMappings(source.id, open);
  const sites = useSites();
  const update = useUpdateSiteMappings();
  const [choices, setChoices] = useState<Record<string, string>>({});

  useEffect(() => {
    if (query.data) {
      setChoices(Object.fromEntries(query.data.map((row) => [row.trackingKey, row.effectiveSiteId ?? ''])));
    }
  }, [query.data]);

  const changed = (query.data ?? []).filter(
    (row) => (choices[row.trackingKey] ?? '') !== (row.effectiveSiteId ?? '') && choices[row.trackingKey],
  );

  const save = () => {
    if (changed.length === 0) {
      onDone();
      return;
    }
    update.mutate(
      {
        id: source.id,
        mappings: changed.map((row) => ({ trackingKey: row.trackingKey, siteId: choices[row.trackingKey]! })),
      },
      {
        onSuccess: () => {
          toastSuccess('Site mapping saved. Sync the source to apply it.');
          onDone();
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toastError(`Failed to save the site mapping: ${getErrorMessage(error)}`);
        },
      },
    );
  };

  return { query, sites, choices, setChoices, save, saving: update.isPending };
}

/**
 * Which site each of the source's tracking options (a Xero tracking option, a QuickBooks class or
 * location) books its lines to (decision 025). Options start on the site of the same name, or on
 * the first site; a change applies at the next sync, which moves the lines.
 */
export function SiteMappingDialog({
  source,
  open,
  onOpenChange,
}: {
  source: DataSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const { query, sites, choices, setChoices, save, saving } = useTrackingChoices(source, open, () =>
    onOpenChange(false),
  );
  const rows = query.data;
  const siteList = sites.data;
  const failed = query.error ?? sites.error;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Sites: {source.name}</DialogTitle>
          <DialogDescription>
            Choose the site each tracking option's spend belongs to. Options start on the site with the same
            name, or on your first site. Changes apply at the next sync.
          </DialogDescription>
        </DialogHeader>
        {failed ? (
          <p role="alert" className="text-sm text-danger">
            Couldn't load the tracking options: {getErrorMessage(failed)}
          </p>
        ) : !rows || !siteList ? (
          <MappingLoading label="Loading tracking options" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted">No tracking options yet: they appear after a sync.</p>
        ) : siteList.length === 0 ? (
          <p className="text-sm text-muted">Add a site under Sites first.</p>
        ) : (
          <TrackingOptionsTable
            id={id}
            rows={rows}
            sites={siteList}
            choices={choices}
            onChoose={(trackingKey, siteId) =>
              setChoices((current) => ({ ...current, [trackingKey]: siteId }))
            }
          />
        )}
        <MappingFooter
          onCancel={() => onOpenChange(false)}
          onSave={save}
          saving={saving}
          ready={Boolean(query.data)}
          saveLabel="Save sites"
        />
      </DialogContent>
    </Dialog>
  );
}
