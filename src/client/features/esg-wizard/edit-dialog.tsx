import { Controller, useFormContext } from 'react-hook-form';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { EsgProgressItem, Evidence } from '../../../domain/contracts/esg-wizard';
import { isCompletedValue } from '../../../domain/esg/compliance';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, FormField, TextareaField, useFieldId } from '../../forms/form-field';
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
import { type IndicatorEditValues, indicatorEditCheck, indicatorEditStart } from './indicator-edit';
import { Switch } from './switch';
import { type IndicatorChange, useSaveIndicator } from './use-save-indicator';
import { describeOrigin, formatValue, indicatorTitle, ledgerScope } from './wizard';

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

/** The answer; typing one into an empty indicator completes it (spec §4: completion = a value). */
function ValueField({ unit }: { unit: EsgProgressItem['unit'] }) {
  const { control, setValue } = useFormContext<IndicatorEditValues>();
  return (
    <FormField name="text" label="Value/Description" hint={unit ? `Unit: ${unit}` : undefined}>
      {(wiring) => (
        <Controller
          control={control}
          name="text"
          render={({ field }) => (
            <Textarea
              {...wiring}
              ref={field.ref}
              name={field.name}
              value={field.value}
              maxLength={10_000}
              onBlur={field.onBlur}
              onChange={(event) => {
                const next = event.target.value;
                if (!isCompletedValue(field.value) && isCompletedValue(next)) setValue('markCompleted', true);
                field.onChange(next);
              }}
            />
          )}
        />
      )}
    </FormField>
  );
}

function CompletedSwitch() {
  const id = useFieldId('markCompleted');
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <Controller
          name="markCompleted"
          render={({ field }) => (
            <Switch
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${id}-hint`}
            />
          )}
        />
        <Label htmlFor={id}>Mark as completed</Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        An indicator counts as completed when it has a value; saving with this off clears the value.
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
  const form = useContractForm(
    checkedFormSchema(indicatorEditCheck(item, jurisdiction)),
    indicatorEditStart(item),
  );
  const { save, isPending } = useSaveIndicator(jurisdiction, item);
  const title = indicatorTitle(item);

  const onSubmit = (change: IndicatorChange) => {
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
        <ContractFormRoot form={form} onSubmit={onSubmit} className="grid gap-4">
          <ValueField unit={item.unit} />
          <CompletedSwitch />
          <TextareaField
            name="note"
            label="Note"
            hint="How the figure was worked out or where it comes from, for whoever checks the report."
            maxLength={2000}
            className="min-h-20"
          />
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
        </ContractFormRoot>
      </DialogContent>
    </Dialog>
  );
}
