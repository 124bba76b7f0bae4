import { type ReactNode, useId, useState } from 'react';
import type { Report } from '../../../domain/contracts/export';
import { trackEvent } from '../../lib/analytics';
import { getErrorBody, getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { addToast, toastError } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { useExportXbrl, useMarkReportFinal } from './api';
import { saveBlob } from './download';
import {
  canFileReport,
  canMarkFinal,
  emailDeliveryText,
  formatDateTime,
  formatFileSize,
  formatLabel,
  frameworkLabel,
  periodLabel,
  REPORT_STATUS,
} from './export';

const XBRL_FALLBACK = 'Failed to generate XBRL. Please try again.';

function serverMessage(error: unknown): string | null {
  const message = getErrorBody(error)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

function GenerationState({ report }: { report: Report }) {
  if (report.generation === 'queued' || report.generation === 'running') {
    return (
      <p role="status" className="text-sm text-slate-700">
        Generating…
      </p>
    );
  }
  if (report.generation === 'failed') {
    return (
      <p className="text-sm text-danger">
        Generation failed: {report.generationError ?? 'the report could not be rendered.'}
      </p>
    );
  }
  if (!report.downloadUrl) return null;
  const size = formatFileSize(report.size);
  return (
    <p className="text-sm">
      <a
        href={report.downloadUrl}
        download={report.fileName ?? true}
        className="font-medium text-brand-700 underline underline-offset-4"
      >
        Download {formatLabel(report.format)}
        <span className="sr-only"> of {report.title}</span>
      </a>
      {size ? <span className="text-muted"> ({size})</span> : null}
      {report.readableUrl ? (
        <>
          {' · '}
          <a
            href={report.readableUrl}
            download={`report-${report.id}.xhtml`}
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            Download readable XHTML
            <span className="sr-only"> of {report.title}</span>
          </a>
          <span className="text-muted"> (opens in a browser)</span>
        </>
      ) : null}
    </p>
  );
}

interface ItemProps {
  report: Report;
  /** Admins file with a regulator (the server answers 403 to anyone else). */
  canFile: boolean;
  /** Members and admins mark reports final; viewers only read. */
  canWrite: boolean;
  onFile: (report: Report) => void;
}

function ReportActions({ report, canFile, canWrite, onFile }: ItemProps) {
  const markFinal = useMarkReportFinal();
  const exportXbrl = useExportXbrl();
  // A final report cannot go back to draft: it is what gets filed, so the step is confirmed (issue 18).
  const [confirming, setConfirming] = useState(false);
  const finalise = () =>
    markFinal.mutate(report.id, {
      onSuccess: () => {
        setConfirming(false);
        addToast({ title: 'Report Finalised', description: `${report.title} is now final.` });
      },
      onError: (error) => {
        setConfirming(false);
        if (!isUnauthorizedError(error)) toastError(getErrorMessage(error));
      },
    });
  const exportToXbrl = () =>
    exportXbrl.mutate(report.id, {
      onSuccess: ({ blob, fileName }) => {
        saveBlob(blob, fileName);
        trackEvent('report_exported', { format: 'xbrl' });
        addToast({ title: 'XBRL Generated', description: `${fileName} is downloading.` });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        addToast({
          title: 'XBRL Generation Failed',
          description: serverMessage(error) ?? XBRL_FALLBACK,
          variant: 'destructive',
        });
      },
    });
  const forTitle = <span className="sr-only"> for {report.title}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {canWrite && canMarkFinal(report) ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setConfirming(true)}
          disabled={markFinal.isPending}
        >
          {markFinal.isPending ? 'Saving…' : 'Mark as final'}
          {forTitle}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !markFinal.isPending) setConfirming(false);
        }}
        title="Mark this report as final?"
        description={`${report.title} will be final: it can then be exported to XBRL and filed, and it can no longer be changed back to a draft.`}
        confirmLabel="Mark as final"
        pendingLabel="Saving…"
        pending={markFinal.isPending}
        onConfirm={finalise}
      />
      {canFileReport(report) ? (
        <>
          <Button variant="outline" size="sm" onClick={exportToXbrl} disabled={exportXbrl.isPending}>
            {exportXbrl.isPending ? 'Exporting…' : 'Export XBRL'}
            {forTitle}
          </Button>
          {canFile ? (
            <Button size="sm" onClick={() => onFile(report)}>
              File with Regulator (sandbox)
              {forTitle}
            </Button>
          ) : (
            <span className="self-center text-xs text-muted">An admin of your company files reports.</span>
          )}
        </>
      ) : null}
    </div>
  );
}

function ReportItem(props: ItemProps) {
  const { report } = props;
  const id = useId();
  const status = REPORT_STATUS[report.status];
  const email = emailDeliveryText(report.emailDelivery);
  return (
    <li>
      <article aria-labelledby={id} className="grid gap-2 rounded-md border border-border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={id} className="text-sm font-semibold text-ink">
            {report.title}
          </h3>
          <div className="flex gap-1.5">
            <Badge>{formatLabel(report.format)}</Badge>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
        </div>
        <p className="text-sm text-muted">
          {frameworkLabel(report.framework)} · {periodLabel(report.period)} · version {report.version} ·
          created {formatDateTime(report.createdAt)}
        </p>
        <GenerationState report={report} />
        {email ? <p className="text-sm text-slate-700">{email}</p> : null}
        <ReportActions {...props} />
      </article>
    </li>
  );
}

/** spec §2 generated reports: status, the file, and the actions each status allows. */
export function ReportsList({
  reports,
  error,
  onRetry,
  canFile,
  canWrite,
  onFile,
}: Omit<ItemProps, 'report'> & {
  reports: Report[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const id = useId();
  let body: ReactNode;
  if (error && !reports) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-ink">Couldn't load your reports.</p>
        <p className="text-muted">{getErrorMessage(error)}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (!reports) {
    body = (
      <div aria-busy="true" className="grid gap-2">
        <p className="sr-only" role="status">
          Loading your reports
        </p>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (reports.length === 0) {
    body = <p className="text-sm text-muted">No reports yet. Generate your first one above.</p>;
  } else {
    body = (
      <ul aria-label="Reports, newest first" className="grid gap-3">
        {reports.map((report) => (
          <ReportItem key={report.id} report={report} canFile={canFile} canWrite={canWrite} onFile={onFile} />
        ))}
      </ul>
    );
  }
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>Generated reports</CardTitle>
        <CardDescription>
          Mark a report final once you have checked it; final reports can be exported to XBRL and filed.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
