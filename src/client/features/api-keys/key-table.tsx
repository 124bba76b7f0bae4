import { useState } from 'react';
import type { ApiKey, ApiKeySecret } from '../../../domain/contracts/api-keys';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Table, TableCell, TableHeaderCell } from '../../ui/table';
import { useRegenerateApiKey, useRevokeApiKey } from './api';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');
const roleName = (role: ApiKey['role']) => role[0]!.toUpperCase() + role.slice(1);

type PendingAction = { kind: 'revoke' | 'regenerate'; key: ApiKey } | null;

/** Revoke or regenerate the key waiting for confirmation; `busy` while either is in flight. */
function useKeyActions(onRegenerated: (created: ApiKeySecret) => void) {
  const [pending, setPending] = useState<PendingAction>(null);
  const revoke = useRevokeApiKey();
  const regenerate = useRegenerateApiKey();
  const busy = revoke.isPending || regenerate.isPending;

  const fail = (what: string) => (error: unknown) => {
    if (!isUnauthorizedError(error)) toastError(`Failed to ${what} the API key. ${getErrorMessage(error)}`);
  };

  const confirm = () => {
    if (!pending) return;
    const { kind, key } = pending;
    if (kind === 'revoke') {
      revoke.mutate(key.id, {
        onSuccess: () => toastSuccess(`API key “${key.name}” revoked`),
        onError: fail('revoke'),
        onSettled: () => setPending(null),
      });
    } else {
      regenerate.mutate(key.id, {
        onSuccess: (created) => {
          toastSuccess(`API key “${key.name}” regenerated`);
          onRegenerated(created);
        },
        onError: fail('regenerate'),
        onSettled: () => setPending(null),
      });
    }
  };
  return { pending, setPending, busy, confirm };
}

function KeyRow({
  apiKey: key,
  busy,
  onAsk,
}: {
  apiKey: ApiKey;
  busy: boolean;
  onAsk: (kind: 'revoke' | 'regenerate') => void;
}) {
  return (
    <tr>
      <TableCell className="font-medium">{key.name}</TableCell>
      <TableCell>
        <code className="font-mono text-xs whitespace-nowrap">{key.maskedKey}</code>
        <span className="sr-only"> (the rest is hidden)</span>
      </TableCell>
      <TableCell>
        <Badge tone={key.role === 'admin' ? 'warning' : key.role === 'member' ? 'info' : 'neutral'}>
          {roleName(key.role)}
        </Badge>
      </TableCell>
      <TableCell>{key.createdBy?.name ?? 'Former member'}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(key.createdAt)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(key.lastUsedAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          {key.canRegenerate ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Regenerate ${key.name}`}
              disabled={busy}
              onClick={() => onAsk('regenerate')}
            >
              Regenerate
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            aria-label={`Revoke ${key.name}`}
            disabled={busy}
            onClick={() => onAsk('revoke')}
          >
            Revoke
          </Button>
        </div>
      </TableCell>
    </tr>
  );
}

/** Every key of the company, each with Regenerate (its creator only) and Revoke, both confirmed. */
export function KeyTable({
  keys,
  onRegenerated,
}: {
  keys: ApiKey[];
  onRegenerated: (created: ApiKeySecret) => void;
}) {
  const { pending, setPending, busy, confirm } = useKeyActions(onRegenerated);

  if (keys.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted">No API keys yet.</p>
    );
  }

  return (
    <>
      <Table label="API keys">
        <thead>
          <tr>
            <TableHeaderCell scope="col">Name</TableHeaderCell>
            <TableHeaderCell scope="col">Key</TableHeaderCell>
            <TableHeaderCell scope="col">Role</TableHeaderCell>
            <TableHeaderCell scope="col">Created by</TableHeaderCell>
            <TableHeaderCell scope="col">Created</TableHeaderCell>
            <TableHeaderCell scope="col">Last used</TableHeaderCell>
            <TableHeaderCell scope="col">
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} busy={busy} onAsk={(kind) => setPending({ kind, key })} />
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPending(null);
        }}
        title={pending?.kind === 'regenerate' ? 'Regenerate this API key?' : 'Revoke this API key?'}
        description={
          pending?.kind === 'regenerate'
            ? `“${pending.key.name}” gets a new secret. The current one stops working immediately: update every tool that uses it.`
            : `“${pending?.key.name ?? ''}” stops working immediately. Tools that use it will get 401 Unauthorized.`
        }
        confirmLabel={pending?.kind === 'regenerate' ? 'Regenerate' : 'Revoke'}
        pendingLabel={pending?.kind === 'regenerate' ? 'Regenerating...' : 'Revoking...'}
        pending={busy}
        onConfirm={confirm}
      />
    </>
  );
}
