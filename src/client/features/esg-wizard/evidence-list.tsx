import { type ChangeEvent, useId, useState } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { Evidence } from '../../../domain/contracts/esg-wizard';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { evidenceFileUrl, useDeleteEvidence, useUploadEvidence } from './api';
import { checkEvidenceFile, EVIDENCE_ACCEPT, formatDate, formatFileSize } from './wizard';

/** Download links of an indicator's evidence files (the review shows these too). */
export function EvidenceLinks({ files }: { files: readonly Evidence[] }) {
  return (
    <ul className="grid gap-1">
      {files.map((file) => (
        <li key={file.id} className="text-sm">
          <a
            href={evidenceFileUrl(file.id)}
            download={file.fileName}
            className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {file.fileName}
          </a>{' '}
          <span className="text-muted">
            ({formatFileSize(file.size)}, {formatDate(file.createdAt)})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Upload one file (checked here first: PDF, image or CSV under 10 MB); a refusal shows under the field. */
function EvidenceUpload({
  id,
  jurisdiction,
  indicator,
}: {
  id: string;
  jurisdiction: Jurisdiction;
  indicator: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadEvidence(jurisdiction);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkEvidenceFile(file);
    setError(problem);
    if (problem) {
      input.value = '';
      return;
    }
    upload.mutate(
      { jurisdiction, indicator, file },
      {
        onSuccess: () => toastSuccess(`${file.name} uploaded`),
        onError: (uploadError) => {
          if (!isUnauthorizedError(uploadError)) setError(getErrorMessage(uploadError));
        },
        onSettled: () => {
          input.value = '';
        },
      },
    );
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-file`}>Upload evidence</Label>
      <input
        id={`${id}-file`}
        type="file"
        accept={EVIDENCE_ACCEPT}
        disabled={upload.isPending}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={onFile}
        className="text-sm text-ink file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {upload.isPending ? 'Uploading…' : 'PDF, image or CSV, less than 10 MB.'}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The files (or 'No files yet'), each with Delete for those allowed to delete evidence. */
function EvidenceFiles({ jurisdiction, files }: { jurisdiction: Jurisdiction; files: readonly Evidence[] }) {
  const remove = useDeleteEvidence(jurisdiction);
  const canDelete = useCan('evidence.delete');

  const onDelete = (file: Evidence) =>
    remove.mutate(file.id, {
      onSuccess: () => toastSuccess(`${file.fileName} deleted`),
      onError: (deleteError) => {
        if (!isUnauthorizedError(deleteError)) toastError(getErrorMessage(deleteError));
      },
    });

  // Mounted with or without files, so deleting the last one still reports back.
  if (files.length === 0) return <p className="text-sm text-muted">No files yet.</p>;
  return (
    <ul className="grid gap-2">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center justify-between gap-2">
          <EvidenceLinks files={[file]} />
          {canDelete ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={remove.isPending && remove.variables === file.id}
              onClick={() => onDelete(file)}
            >
              Delete<span className="sr-only"> {file.fileName}</span>
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** An indicator's evidence in the edit dialog: the files, upload (PDF, image, CSV < 10 MB), delete. */
export function EvidenceList({
  jurisdiction,
  indicator,
  files,
}: {
  jurisdiction: Jurisdiction;
  indicator: string;
  files: readonly Evidence[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        Evidence
      </h3>
      <EvidenceFiles jurisdiction={jurisdiction} files={files} />
      {files.length > 0 ? <PermissionNote action="evidence.delete" /> : null}
      <EvidenceUpload id={id} jurisdiction={jurisdiction} indicator={indicator} />
    </section>
  );
}
