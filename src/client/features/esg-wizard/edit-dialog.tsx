import { type FormEvent, useId, useState } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { EsgProgressItem, Evidence } from '../../../domain/contracts/esg-wizard';
import { isCompletedValue } from '../../../domain/esg/compliance';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import { EvidenceList } from './evidence-list';
import { IndicatorBadges } from './indicator-badges';
import { Switch } from './switch';
import { type IndicatorChange, useSaveIndicator } from './use-save-indicator';
import { describeOrigin, dialogSaveValue, formatValue, indicatorTitle, ledgerScope } from './wizard';

/** What the dialog sends: only what changed (an untouched ledger value stays the ledger's). */
function changesOf(
  item: EsgProgressItem,
  text: string,
  markCompleted: boolean,
  note: string,
): IndicatorChange {
  const change: IndicatorChange = {};
  const value = dialogSaveValue(text, markCompleted);
  if (value !== item.value) change.value = value;
  const trimmedNote = note.trim();
  if (trimmedNote !== (item.note ?? '')) change.note = trimmedNote === '' ? null : trimmedNote;
  return change;
}

function LedgerFigure({
  item,
  year,
  onUseLedger,
  isPending,
}: {
  item: EsgProgressItem;
  year: number;
  onUseLedger: () => void;
  isPending: boolean;
}) {
  if (!item.ledgerBacked) return null;
  const scope = ledgerScope(item);
  const counted = scope ? ` (${scope})` : '';
  return (
    <div className="grid gap-2 rounded-md border border-border bg-canvas p-3 text-sm">
      {item.ledgerValue !== null || !item.ledgerNote ? (
        <p className="text-slate-700">
          {item.ledgerValue !== null
            ? `Your ledger says ${formatValue(item.ledgerValue, item.unit)} for ${year}${counted}.`
            : `Your ledger has no figure for ${year}${counted} yet; add activity lines on the Data Sources page.`}
        </p>
      ) : null}
      {item.ledgerNote ? <p className="text-slate-700">{item.ledgerNote}</p> : null}
      {item.overridden && item.ledgerValue !== null ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={onUseLedger} disabled={isPending}>
            Use ledger figure
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The badges, where the indicator maps to, and where its current value came from. */
function IndicatorFacts({ item, year }: { item: EsgProgressItem; year: number }) {
  return (
    <div className="grid gap-2 text-sm">
      <IndicatorBadges item={item} />
      <p className="text-muted">{item.mappingLabel}</p>
      {isCompletedValue(item.value) ? (
        <p className="text-muted">{describeOrigin(item, year).join(' · ')}</p>
      ) : null}
    </div>
  );
}

/** The answer; `id` is the dialog's, the field and its unit hint are `-value` and `-unit`. */
function ValueField({
  id,
  text,
  unit,
  onChange,
}: {
  id: string;
  text: string;
  unit: EsgProgressItem['unit'];
  onChange: (text: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-value`}>Value/Description</Label>
      <Textarea
        id={`${id}-value`}
        value={text}
        maxLength={10_000}
        aria-describedby={unit ? `${id}-unit` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {unit ? (
        <p id={`${id}-unit`} className="text-xs text-muted">
          Unit: {unit}
        </p>
      ) : null}
    </div>
  );
}

function CompletedSwitch({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
        <Label htmlFor={id}>Mark as completed</Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        An indicator counts as completed when it has a value; saving with this off clears the value.
      </p>
    </div>
  );
}

function NoteField({ id, note, onChange }: { id: string; note: string; onChange: (note: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Note</Label>
      <Textarea
        id={id}
        value={note}
        maxLength={2000}
        className="min-h-20"
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        How the figure was worked out or where it comes from, for whoever checks the report.
      </p>
    </div>
  );
}

/** spec §2 edit dialog: Value/Description, 'Mark as completed', Cancel, Save; plus note and evidence. */
export function EditDialog({
  item,
  jurisdiction,
  year,
  evidence,
  onClose,
}: {
  item: EsgProgressItem;
  jurisdiction: Jurisdiction;
  year: number;
  evidence: Evidence[];
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(item.value);
  const [markCompleted, setMarkCompleted] = useState(item.isCompleted);
  const [note, setNote] = useState(item.note ?? '');
  const { save, isPending } = useSaveIndicator(jurisdiction, item);
  const title = indicatorTitle(item);

  const onTextChange = (next: string) => {
    // Typing an answer into an empty indicator completes it (spec §4: completion = a value).
    if (!isCompletedValue(text) && isCompletedValue(next)) setMarkCompleted(true);
    setText(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change = changesOf(item, text, markCompleted, note);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    save(change, onClose);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{item.description}</DialogDescription>
        </DialogHeader>
        <IndicatorFacts item={item} year={year} />
        <LedgerFigure
          item={item}
          year={year}
          isPending={isPending}
          onUseLedger={() => save({ useLedger: true }, onClose)}
        />
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <ValueField id={id} text={text} unit={item.unit} onChange={onTextChange} />
          <CompletedSwitch id={`${id}-completed`} checked={markCompleted} onChange={setMarkCompleted} />
          <NoteField id={`${id}-note`} note={note} onChange={setNote} />
          <EvidenceList jurisdiction={jurisdiction} indicator={item.indicator} files={evidence} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
