import { useEffect, useId, useState } from 'react';
import type { DataSource } from '../../../domain/contracts/data-sources';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { useSites } from '../ledger/api';
import { SiteSelect } from '../ledger/site-select';
import { useSiteMappings, useUpdateSiteMappings } from './api';
import { MappingFooter, MappingLoading, MappingRow, MappingTable } from './mapping-table';

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
      onOpenChange(false);
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
          onOpenChange(false);
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toastError(`Failed to save the site mapping: ${getErrorMessage(error)}`);
        },
      },
    );
  };

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
                  sites={siteList}
                  onChange={(siteId) => setChoices((current) => ({ ...current, [row.trackingKey]: siteId }))}
                />
              </MappingRow>
            ))}
          </MappingTable>
        )}
        <MappingFooter
          onCancel={() => onOpenChange(false)}
          onSave={save}
          saving={update.isPending}
          ready={Boolean(query.data)}
          saveLabel="Save sites"
        />
      </DialogContent>
    </Dialog>
  );
}
