import { Suspense, useEffect } from 'react';
import { Button } from '../../ui/button';
import { loadOnce } from '../../ui/deferred-control';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';
import type { EditorTarget } from './editor-target';
import { FRAMEWORK_OPTIONS, sectionLabel, statusLabel } from './narratives';

// The editor's form code (react-hook-form and the contract, decision 071) loads when the editor
// first opens, or while a draft streams in, not with the page (decision 064).
const loadEditorForm = loadOnce(() => import('./editor-form').then((module) => module.EditorForm));
const EditorForm = lazyForm(loadEditorForm);

function describeTarget(target: EditorTarget): string {
  if (target.kind === 'existing') {
    const { narrative } = target;
    const framework = FRAMEWORK_OPTIONS.find((option) => option.value === narrative.framework)?.label;
    return `${sectionLabel(narrative.section)}, ${framework}. Version ${narrative.version}, ${statusLabel(narrative.status)}. Saving your edits marks it Reviewed.`;
  }
  const framework = FRAMEWORK_OPTIONS.find((option) => option.value === target.framework)?.label;
  if (target.kind === 'generating') {
    return `${sectionLabel(target.section)}, ${framework}. The draft appears here as it is written.`;
  }
  return target.generated
    ? `${sectionLabel(target.section)}, ${framework}. An AI draft from your data, not saved yet.`
    : `${sectionLabel(target.section)}, ${framework}. Saved as a draft you can review and approve.`;
}

/** The draft as it streams in: plain text, with a polite "Writing…" for screen readers. */
function StreamingDraft({ text }: { text: string }) {
  // The editor follows the stream: its code downloads meanwhile.
  useEffect(() => {
    loadEditorForm().catch(() => undefined);
  }, []);
  return (
    <div className="grid gap-4">
      <p
        role="status"
        aria-live="polite"
        className="flex items-center gap-2 text-sm font-medium text-brand-800"
      >
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-600" />
        Writing…
      </p>
      {/* The text itself is not announced chunk by chunk; the status above speaks for it. */}
      <section
        aria-label="Draft so far"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
        tabIndex={0}
        className="max-h-[50dvh] min-h-48 overflow-y-auto rounded-md border border-border bg-canvas p-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {text}
      </section>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}

/** spec §2 'Edit & Review' editor; while an AI draft streams in it shows the text as it arrives. */
export function EditorDialog({ target, onClose }: { target: EditorTarget | null; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {target ? (
        <DialogContent className="max-w-3xl" onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>Edit & Review</DialogTitle>
            <DialogDescription>{describeTarget(target)}</DialogDescription>
          </DialogHeader>
          {target.kind === 'generating' ? (
            <StreamingDraft text={target.text} />
          ) : (
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <EditorForm
                key={target.kind === 'existing' ? target.narrative.id : 'new'}
                target={target}
                onDone={onClose}
              />
            </Suspense>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
