import { type RefObject, useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { UnsupportedNumber } from '../../../domain/contracts/narratives';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, FormField, useFieldId } from '../../forms/form-field';
import { Button } from '../../ui/button';
import { DialogClose, DialogFooter } from '../../ui/dialog';
import { Textarea } from '../../ui/textarea';
import type { EditableTarget } from './editor-target';
import {
  type NarrativeFormValues,
  type NarrativeSave,
  narrativeFormSchema,
  narrativeFormStart,
} from './narrative-form';
import {
  approvalBlockReason,
  countWords,
  describeWordCount,
  isDraft,
  locateNumber,
  writerLabel,
} from './narratives';
import { NumberFlags } from './number-flags';
import { useNumberFlags } from './use-number-flags';
import { useSaveNarrative } from './use-save-narrative';

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

/**
 * The text with the contract's message (checked as typed: "Please enter narrative content" once
 * it has been emptied), the word count and the Ctrl+S hint.
 */
function NarrativeTextField({
  textareaRef,
  summaryId,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The number check's summary, which also describes the text. */
  summaryId: string;
}) {
  const { register, control } = useFormContext<NarrativeFormValues>();
  const content = useWatch({ control, name: 'content' });
  const { ref, ...field } = register('content');
  const countId = `${useFieldId('content')}-count`;
  return (
    <div className="grid gap-1.5">
      <FormField name="content" label="Narrative text">
        {(a11y) => (
          <Textarea
            {...a11y}
            {...field}
            ref={(element) => {
              ref(element);
              textareaRef.current = element;
            }}
            rows={14}
            maxLength={20_000}
            className="min-h-64 leading-relaxed whitespace-pre-wrap"
            aria-describedby={[a11y['aria-describedby'], countId, summaryId].filter(Boolean).join(' ')}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <p id={countId}>{describeWordCount(countWords(content))}</p>
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
  const textareaRef = useFocusedTextarea();
  // The dialog keys the editor by narrative, so its target and start stay those it opened with.
  const [start] = useState(() => narrativeFormStart(target));
  const [schema] = useState(() => narrativeFormSchema(target));
  const form = useContractForm<NarrativeFormValues, NarrativeSave>(schema, start.values, 'onChange');
  const { control, setValue } = form;
  const [content, confirmed] = useWatch({ control, name: ['content', 'confirmedNumbers'] });
  const flags = useNumberFlags({
    content,
    year: start.year,
    confirmed,
    initialContent: start.values.content,
    initialFlags: start.flags,
  });
  const { save, isSaving } = useSaveNarrative(onDone, (error) => form.showServerErrors(error));

  // spec §5: saving is disabled while the text is blank or a save is in flight.
  const canSave = content.trim() !== '' && !isSaving;
  const canApproveHere = target.kind === 'new' || isDraft(target.narrative.status);
  const blockReason = approvalBlockReason(flags.unconfirmed.length, flags.isChecking);
  const isNew = target.kind === 'new';

  const submit = (approve: boolean) =>
    form.submitWith((payload) => {
      if (approve && blockReason !== null) return;
      save(payload, approve);
    })();

  // A blank text is refused with the contract's message; a save in flight is not repeated.
  useSaveShortcut(() => {
    if (!isSaving) void submit(false);
  });

  const summaryId = `${form.idPrefix}-flags`;

  return (
    <ContractFormRoot form={form} onSubmit={(payload) => save(payload, false)} className="grid gap-4">
      <GeneratedNote target={target} />
      <NarrativeTextField textareaRef={textareaRef} summaryId={summaryId} />
      <NumberFlags
        summaryId={summaryId}
        checkedContent={flags.checkedContent}
        flags={flags.unconfirmed}
        confirmed={confirmed}
        isChecking={flags.isChecking}
        hasFailed={flags.hasFailed}
        onConfirm={(text) => {
          if (!confirmed.includes(text)) setValue('confirmedNumbers', [...confirmed, text]);
        }}
        onUnconfirm={(text) =>
          setValue(
            'confirmedNumbers',
            confirmed.filter((entry) => entry !== text),
          )
        }
        onJump={(flag) => selectNumber(textareaRef.current, content, flag)}
      />
      <EditorActions
        canApproveHere={canApproveHere}
        canSave={canSave}
        blockReason={blockReason}
        reasonId={`${form.idPrefix}-reason`}
        saveLabel={isSaving ? 'Saving…' : isNew ? 'Save' : 'Update Draft'}
        onApprove={() => void submit(true)}
      />
    </ContractFormRoot>
  );
}
