import { Suspense, useState } from 'react';
import type { ApiKeySecret } from '../../../domain/contracts/api-keys';
import { getErrorMessage } from '../../lib/api';
import { useCan, useRole } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useApiKeys } from './api';
import { KeyTable } from './key-table';
import { NewKeySecret } from './new-key-secret';

// decision 071: the form's code (react-hook-form, the fields) loads after the page.
const CreateKeyForm = lazyForm(() => import('./create-key-form').then((module) => module.CreateKeyForm));

/**
 * Settings → API Keys (spec §2): create, list (masked), regenerate and revoke. Admins only
 * (`apiKeys.manage`, decision 019): anyone else reads why, and the keys are never asked for.
 */
export function ApiKeysPanel() {
  const role = useRole();
  const canManage = useCan('apiKeys.manage');

  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader>
        <CardTitle id="api-keys-title">API Keys</CardTitle>
        <CardDescription>
          Let your own tools read and write your company’s data through the ESG Pilot API. A key acts as you,
          with the role you give it.{' '}
          <a href="/developers" className="font-medium text-brand-700 underline underline-offset-4">
            Read the API reference
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {role === null ? (
          <Loading />
        ) : canManage ? (
          <KeyManager />
        ) : (
          <PermissionNote action="apiKeys.manage" />
        )}
      </CardContent>
    </Card>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p className="sr-only" role="status">
        Loading API keys
      </p>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** What an admin sees: the form, the keys, and a new key's secret until it is stored. */
function KeyManager() {
  const query = useApiKeys();
  // The secret of the key just created or regenerated; held only until dismissed.
  const [revealed, setRevealed] = useState<ApiKeySecret | null>(null);

  return (
    <>
      {revealed ? <NewKeySecret created={revealed} onDone={() => setRevealed(null)} /> : null}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-sm text-ink">Couldn’t load your API keys. {getErrorMessage(query.error)}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {query.data.canCreate ? (
            <Suspense fallback={<Skeleton className="h-16 w-full" />}>
              <CreateKeyForm allowedRoles={query.data.allowedRoles} onCreated={setRevealed} />
            </Suspense>
          ) : (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{query.data.createRefusal}</p>
          )}
          <KeyTable keys={query.data.keys} onRegenerated={setRevealed} />
        </>
      )}
    </>
  );
}
