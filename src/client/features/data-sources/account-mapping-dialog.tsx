import { useEffect, useId, useState } from 'react';
import { SPEND_VARIANTS } from '../../../domain/connectors/account-mapping';
import type { AccountMapping, DataSource } from '../../../domain/contracts/data-sources';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { useAccountMappings, useUpdateAccountMappings } from './api';

const IGNORE = 'ignore';

/** The select's value: a NAICS code (spend-based purchased goods) or 'ignore'. */
const BILLS_HELP =
  'Bills carry amounts, not kWh or litres, so each account\'s spend is estimated with a spend-based factor (US EPA USEEIO v1.3) for the kind of purchase you choose. Choose "Ignore" for accounts that are not purchases. Changes apply at the next sync.';
const SHOPIFY_HELP =
  'Each delivery method\'s shipping charges (net of shipping refunds and tax) estimate your freight spend with a spend-based factor (US EPA USEEIO v1.3), couriers by default. Choose "Ignore" for methods that ship nothing, such as local pickup. Changes apply at the next sync.';

const choiceOf = (row: Pick<AccountMapping, 'category' | 'variant'>) =>
  row.category === 'ignore' ? IGNORE : (row.variant ?? IGNORE);

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
  const query = useAccountMappings(source.id, open);
  const update = useUpdateAccountMappings();
  const [choices, setChoices] = useState<Record<string, string>>({});

  useEffect(() => {
    if (query.data) setChoices(Object.fromEntries(query.data.map((row) => [row.accountKey, choiceOf(row)])));
  }, [query.data]);

  const changed = (query.data ?? []).filter((row) => choices[row.accountKey] !== choiceOf(row));

  const save = () => {
    if (changed.length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      {
        id: source.id,
        mappings: changed.map((row) => {
          const choice = choices[row.accountKey] ?? IGNORE;
          return choice === IGNORE
            ? { accountKey: row.accountKey, category: 'ignore' as const, variant: null }
            : { accountKey: row.accountKey, category: 'purchased_goods' as const, variant: choice };
        }),
      },
      {
        onSuccess: () => {
          toastSuccess('Account mapping saved. Sync the source to apply it.');
          onOpenChange(false);
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toastError(`Failed to save the account mapping: ${getErrorMessage(error)}`);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Account mapping: {source.name}</DialogTitle>
          <DialogDescription>{source.type === 'shopify' ? SHOPIFY_HELP : BILLS_HELP}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="grid gap-2">
            <span className="sr-only">Loading accounts</span>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-danger">
            Couldn't load the accounts: {getErrorMessage(query.error)}
          </p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted">No accounts yet: they appear after the first sync.</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border text-muted">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {source.type === 'shopify' ? 'Delivery method' : 'Account'}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Counts as
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((row) => (
                  <tr key={row.accountKey} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 pr-3 font-normal text-ink">
                      <label htmlFor={`${id}-${row.accountKey}`}>
                        {row.accountCode ? `${row.accountCode} ` : ''}
                        {row.accountName}
                      </label>
                      {row.isUserSet ? null : <span className="ml-2 text-xs text-muted">(suggested)</span>}
                    </th>
                    <td className="py-2">
                      <select
                        id={`${id}-${row.accountKey}`}
                        className="h-9 w-full rounded-md border border-border bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                        value={choices[row.accountKey] ?? choiceOf(row)}
                        onChange={(event) =>
                          setChoices((current) => ({ ...current, [row.accountKey]: event.target.value }))
                        }
                      >
                        <option value={IGNORE}>Ignore (not a purchase)</option>
                        {SPEND_VARIANTS.map((variant) => (
                          <option key={variant.naics} value={variant.naics}>
                            {variant.label} (spend-based)
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={save} disabled={update.isPending || !query.data}>
            {update.isPending ? 'Saving...' : 'Save mapping'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
