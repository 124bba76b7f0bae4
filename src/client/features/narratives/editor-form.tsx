import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { UnsupportedNumber } from '../../../domain/contracts/narratives';
import { Button } from '../../ui/button';
import { DialogClose, DialogFooter } from '../../ui/dialog';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import type { EditableTarget } from './editor-target';
import {
  approvalBlockReason,
  countWords,
  describeWordCount,
  isDraft,
  keptConfirmations,
  locateNumber,
  writerLabel,
} from './narratives';
import { NumberFlags } from './number-flags';
import { useNumberFlags } from './use-number-flags';
import { useSaveNarrative } from './use-save-narrative';

function initialState(target: EditableTarget) {
  if (target.kind === 'existing') {
    const { content, confirmedNumbers, unsupportedNumbers, year } = target.narrative;
    return { content, confirmed: confirmedNumbers, flags: unsupportedNumbers, year };
  }
  const generated = target.generated;
  return {
    content: generated?.content ?? '',
    confirmed: [] as string[],
    flags: generated?.unsupportedNumbers ?? [],
    year: generated?.year,
  };
}

/** Where a generated draft came from and what it could not say. */
function GeneratedNote({ target }: { target: EditableTarget }) {
  if (target.kind !== 'new' || !target.generated) return null;
  const { writer, model, missing, year } = target.generated;
  return (
    <div className="grid gap-1 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <p>
        <span className="font-medium">Written by:</span> {writerLabel(writer, model)}, from your data for{' '}
        {year}. Not saved yet: review it, then save.
      </p>
      {missing.length > 0 ? (
        <p>
          <span className="font-medium">Missing from your data:</span> {missing.join(', ')}.
        </p>
      ) : null}
    </div>
  );
}

/** Opened from a finished stream, focus would otherwise stay on the vanished streaming view. */
function useFocusedTextarea() {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    textareaRef.current?.focus({ preventScroll: true });
    textareaRef.current?.setSelectionRange(0, 0);
  }, []);
  return textareaRef;
}

/** Selects a flagged number in the text and scrolls to it. */
function selectNumber(textarea: HTMLTextAreaElement | null, content: string, flag: UnsupportedNumber) {
  const found = locateNumber(content, flag);
  if (!textarea || !found) return;
  // Collapsing the caret at the number first makes the browser scroll it into view on focus.
  textarea.setSelectionRange(found.end, found.end);
  textarea.focus();
  textarea.setSelectionRange(found.start, found.end);
}

/** Ctrl+S / Cmd+S saves from anywhere in the (modal) editor instead of saving the web page. */
function useSaveShortcut(save: () => void) {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      // A held key repeats; one save per press.
      if (!event.repeat) saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The text, "please enter" once touched while blank, and the word count. */
function NarrativeTextField({
  id,
  textareaRef,
  content,
  showBlank,
  summaryId,
  onChange,
}: {
  id: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  content: string;
  showBlank: boolean;
  /** The number check's summary, which also describes the text. */
  summaryId: string;
  onChange: (content: string) => void;
}) {
  const describedBy = [showBlank ? `${id}-blank` : null, `${id}-count`, summaryId].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-content`}>Narrative text</Label>
      <Textarea
        ref={textareaRef}
        id={`${id}-content`}
        value={content}
        rows={14}
        maxLength={20_000}
        className="min-h-64 leading-relaxed whitespace-pre-wrap"
        aria-describedby={describedBy}
        aria-invalid={showBlank ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {showBlank ? (
        <p id={`${id}-blank`} className="text-sm text-danger">
          Please enter narrative content
        </p>
      ) : null}
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <p id={`${id}-count`}>{describeWordCount(countWords(content))}</p>
        <p>Press Ctrl+S to save quickly</p>
      </div>
    </div>
  );
}

/** Cancel, Approve & Save (with why it is off) and Save / Update Draft (the form's submit). */
function EditorActions({
  canApproveHere,
  canSave,
  blockReason,
  reasonId,
  saveLabel,
  onApprove,
}: {
  canApproveHere: boolean;
  canSave: boolean;
  blockReason: string | null;
  reasonId: string;
  saveLabel: string;
  onApprove: () => void;
}) {
  return (
    <>
      <DialogFooter className="flex-wrap">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        {canApproveHere ? (
          <Button
            variant="secondary"
            onClick={onApprove}
            disabled={!canSave || blockReason !== null}
            aria-describedby={blockReason ? reasonId : undefined}
          >
            Approve & Save
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSave}>
          {saveLabel}
        </Button>
      </DialogFooter>
      {canApproveHere && blockReason ? (
        <p id={reasonId} className="text-sm text-muted sm:text-right">
          {blockReason}
        </p>
      ) : null}
    </>
  );
}

/** spec §2/§5 editor: the text, word count, number check, Cancel, Save / Update Draft, Approve & Save. */
export function EditorForm({ target, onDone }: { target: EditableTarget; onDone: () => void }) {
  const id = useId();
  const textareaRef = useFocusedTextarea();
  const [initial] = useState(() => initialState(target));
  const [content, setContent] = useState(initial.content);
  const [confirmed, setConfirmed] = useState(initial.confirmed);
  const [isTouched, setIsTouched] = useState(false);
  const flags = useNumberFlags({
    content,
    year: initial.year,
    confirmed,
    initialContent: initial.content,
    initialFlags: initial.flags,
  });
  const { save, isSaving } = useSaveNarrative(target, onDone);

  const isBlank = content.trim() === '';
  // spec §5: saving is disabled while the text is blank or a save is in flight.
  const canSave = !isBlank && !isSaving;
  const canApproveHere = target.kind === 'new' || isDraft(target.narrative.status);
  const blockReason = approvalBlockReason(flags.unconfirmed.length, flags.isChecking);
  const isNew = target.kind === 'new';

  const submit = (approve: boolean) => {
    setIsTouched(true);
    if (!canSave || (approve && blockReason !== null)) return;
    save({ content, confirmedNumbers: keptConfirmations(content, confirmed), approve });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  useSaveShortcut(() => submit(false));

  const summaryId = `${id}-flags`;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <GeneratedNote target={target} />
      <NarrativeTextField
        id={id}
        textareaRef={textareaRef}
        content={content}
        showBlank={isBlank && isTouched}
        summaryId={summaryId}
        onChange={(next) => {
          setIsTouched(true);
          setContent(next);
        }}
      />
      <NumberFlags
        summaryId={summaryId}
        checkedContent={flags.checkedContent}
        flags={flags.unconfirmed}
        confirmed={confirmed}
        isChecking={flags.isChecking}
        hasFailed={flags.hasFailed}
        onConfirm={(text) => setConfirmed((list) => (list.includes(text) ? list : [...list, text]))}
        onUnconfirm={(text) => setConfirmed((list) => list.filter((entry) => entry !== text))}
        onJump={(flag) => selectNumber(textareaRef.current, content, flag)}
      />
      <EditorActions
        canApproveHere={canApproveHere}
        canSave={canSave}
        blockReason={blockReason}
        reasonId={`${id}-reason`}
        saveLabel={isSaving ? 'Saving…' : isNew ? 'Save' : 'Update Draft'}
        onApprove={() => submit(true)}
      />
    </form>
  );
}
