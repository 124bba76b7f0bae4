import type { AuditVerification } from '../../../domain/contracts/audit';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { useVerifyAuditLog } from './api';
import { formatDateTime } from './format';

function Outcome({ result }: { result: AuditVerification }) {
  const range = result.firstSeq === null ? 'no entries' : `entries ${result.firstSeq} to ${result.lastSeq}`;
  if (result.valid) {
    return (
      <div className="rounded-md border border-brand-600/40 bg-brand-50 p-3 text-sm text-brand-800">
        <p className="font-semibold">Integrity verified</p>
        <p>
          {result.entriesChecked} {result.entriesChecked === 1 ? 'entry' : 'entries'} checked ({range}); none
          was changed, removed or reordered. Checked {formatDateTime(result.verifiedAt)}.
        </p>
        {result.anchorSeq > 0 ? (
          <p>Entries 1 to {result.anchorSeq} were removed by the one-year retention period.</p>
        ) : null}
        {result.checkpoint ? (
          <p>
            It matches the signed checkpoint at entry {result.checkpoint.seq} (signed{' '}
            {formatDateTime(result.checkpoint.signedAt)}
            {result.checkpoint.source === 'file' ? ', kept outside the database' : ''}).
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="rounded-md border border-danger/40 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">Integrity check failed</p>
      <p>{result.problem?.message}</p>
      <p>
        {result.entriesChecked} {result.entriesChecked === 1 ? 'entry' : 'entries'} before it verified.
        Checked {formatDateTime(result.verifiedAt)}.
      </p>
    </div>
  );
}

/** 'Verify integrity': recomputes the hash chain on the server and says what it found. */
export function VerifyIntegrity() {
  const verify = useVerifyAuditLog();
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" size="sm" disabled={verify.isPending} onClick={() => verify.mutate()}>
          {verify.isPending ? 'Verifying…' : 'Verify integrity'}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {verify.data ? <Outcome result={verify.data} /> : null}
        {verify.isError ? (
          <p className="text-sm text-danger">
            Couldn't verify the audit log: {getErrorMessage(verify.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
