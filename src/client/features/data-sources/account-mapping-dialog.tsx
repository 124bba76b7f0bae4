import { useEffect, useId, useState } from 'react';
import { SPEND_VARIANTS } from '../../../domain/connectors/account-mapping';
import type { AccountMapping, DataSource } from '../../../domain/contracts/data-sources';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { useAccountMappings, useUpdateAccountMappings } from './api';
import { MappingFooter, MappingLoading, MappingRow, MappingTable } from './mapping-table';

const IGNORE = 'ignore';

/** The select's value: a NAICS code (spend-based purchased goods) or 'ignore'. */
const BILLS_HELP =
  'Bills carry amounts, not kWh or litres, so each account\'s spend is estimated with a spend-based factor (US EPA USEEIO v1.3) for the kind of purchase you choose. Choose "Ignore" for accounts that are not purchases. Changes apply at the next sync.';
const SHOPIFY_HELP =
  'Each delivery method\'s shipping charges (net of shipping refunds and tax) estimate your freight spend with a spend-based factor (US EPA USEEIO v1.3), couriers by default. Choose "Ignore" for methods that ship nothing, such as local pickup. Changes apply at the next sync.';

const choiceOf = (row: Pick<AccountMapping, 'category' | 'variant'>) =>
  row.category === 'ignore' ? IGNORE : (row.variant ?? IGNORE);

/** What the server stores for a choice: ignored, or a spend-based purchase of that kind. */
function mappingOf(accountKey: string, choice: string) {
  return choice === IGNORE
    ? { accountKey, category: 'ignore' as const, variant: null }
    : { accountKey, category: 'purchased_goods' as const, variant: choice };
}

/** Ignore, or a kind of purchase; a retired (legacy) kind is offered only to the row that has it. */
function SpendChoiceSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (choice: string) => void;
}) {
  return (
    <select
      id={id}
      className="h-9 w-full rounded-md border border-border bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value={IGNORE}>Ignore (not a purchase)</option>
      {SPEND_VARIANTS.filter((choice) => !choice.legacy || choice.variant === value).map((choice) => (
        <option key={choice.variant} value={choice.variant}>
          {choice.label} (spend-based)
        </option>
      ))}
    </select>
  );
}

/** The accounts' choices as edited, and saving only the changed ones (`onDone` after, or at once). */
function useAccountChoices(source: DataSource, open: boolean, onDone: () => void) {
  const query = useAccountMappings(source.id, open);
  const update = useUpdateAccountMappings();
  const [choices, setChoices] = useState<Record<string, string>>({});

  useEffect(() => {
    if (query.data) setChoices(Object.fromEntries(query.data.map((row) => [row.accountKey, choiceOf(row)])));
  }, [query.data]);

  const changed = (query.data ?? []).filter((row) => choices[row.accountKey] !== choiceOf(row));

  const save = () => {
    if (changed.length === 0) {
      onDone();
      return;
    }
    update.mutate(
      {
        id: source.id,
        mappings: changed.map((row) => mappingOf(row.accountKey, choices[row.accountKey] ?? IGNORE)),
      },
      {
        onSuccess: () => {
          toastSuccess('Account mapping saved. Sync the source to apply it.');
          onDone();
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toastError(`Failed to save the account mapping: ${getErrorMessage(error)}`);
        },
      },
    );
  };

  return { query, choices, setChoices, save, saving: update.isPending };
}

/**
 * Per-account mapping of a connector source: each account's bills enter the ledger as spend-based
 * purchases of the chosen kind, or are ignored. Changes apply at the next sync. A native select
 * per row: a long table of Radix selects would be slow to open and to drive by keyboard.
 */
export function AccountMappingDialog({
  source,
  open,
  onOpenChange,
}: {
  source: DataSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const { query, choices, setChoices, save, saving } = useAccountChoices(source, open, () =>
    onOpenChange(false),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Account mapping: {source.name}</DialogTitle>
          <DialogDescription>{source.type === 'shopify' ? SHOPIFY_HELP : BILLS_HELP}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <MappingLoading label="Loading accounts" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-danger">
            Couldn't load the accounts: {getErrorMessage(query.error)}
          </p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted">No accounts yet: they appear after the first sync.</p>
        ) : (
          <MappingTable columns={[source.type === 'shopify' ? 'Delivery method' : 'Account', 'Counts as']}>
            {query.data.map((row) => (
              <MappingRow
                key={row.accountKey}
                controlId={`${id}-${row.accountKey}`}
                label={`${row.accountCode ? `${row.accountCode} ` : ''}${row.accountName}`}
                suggested={!row.isUserSet}
              >
                <SpendChoiceSelect
                  id={`${id}-${row.accountKey}`}
                  value={choices[row.accountKey] ?? choiceOf(row)}
                  onChange={(choice) => setChoices((current) => ({ ...current, [row.accountKey]: choice }))}
                />
              </MappingRow>
            ))}
          </MappingTable>
        )}
        <MappingFooter
          onCancel={() => onOpenChange(false)}
          onSave={save}
          saving={saving}
          ready={Boolean(query.data)}
          saveLabel="Save mapping"
        />
      </DialogContent>
    </Dialog>
  );
}
