import { useEffect, useState } from 'react';
import type { GenerateReport, Report } from '../../../domain/contracts/export';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { addToast } from '../../stores/toasts';
import { useGenerateReport } from './api';
import { downloadUrl } from './download';
import { canGenerate, formatLabel } from './export';
import { useProgressTicker } from './progress';

export const GENERATION_FAILED = 'Failed to generate report. Please try again.';

/** Reports asked for on this visit, by id: whether to download each once its job has rendered it. */
type Watched = Record<string, { download: boolean }>;

/**
 * spec §4 report generation. The progress bar covers the request (0, +10 every 500 ms, capped at
 * 90, reset when the server answers); the server answers 202 with a queued report that a job then
 * renders. This visit watches the reports it asked for, so it can say when each is ready (or why
 * it failed) and download it when 'Download immediately' was ticked.
 */
export function useReportGeneration(reports: Report[] | undefined) {
  const { ticker, state } = useProgressTicker();
  const generate = useGenerateReport();
  const [watched, setWatched] = useState<Watched>({});

  const start = (input: GenerateReport) => {
    // spec §4/§5: a click while generating (or while the request is pending) is ignored.
    if (!canGenerate(state.isGenerating, generate.isPending) || !ticker.start()) return;
    generate.mutate(input, {
      onSuccess: (report) => {
        ticker.finish();
        trackEvent('report_exported', { format: input.format });
        setWatched((current) => ({ ...current, [report.id]: { download: input.delivery.download } }));
      },
      onError: (error) => {
        ticker.finish();
        if (isUnauthorizedError(error)) return;
        addToast({ title: 'Generation Failed', description: GENERATION_FAILED, variant: 'destructive' });
      },
    });
  };

  useEffect(() => {
    if (!reports) return;
    const settled: string[] = [];
    for (const [id, { download }] of Object.entries(watched)) {
      const report = reports.find((candidate) => candidate.id === id);
      if (!report) continue;
      if (report.generation === 'succeeded') {
        settled.push(id);
        addToast({
          title: 'Report Generated',
          description: `Your ${formatLabel(report.format)} report is ready.`,
        });
        if (download && report.downloadUrl) downloadUrl(report.downloadUrl, report.fileName);
      } else if (report.generation === 'failed') {
        settled.push(id);
        addToast({
          title: 'Generation Failed',
          description: report.generationError ?? GENERATION_FAILED,
          variant: 'destructive',
        });
      }
    }
    if (settled.length === 0) return;
    setWatched((current) => {
      const next = { ...current };
      for (const id of settled) delete next[id];
      return next;
    });
  }, [reports, watched]);

  return {
    start,
    isGenerating: state.isGenerating,
    progress: state.progress,
    isPending: generate.isPending,
  };
}
