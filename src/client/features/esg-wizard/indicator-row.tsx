import { useId, useState } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { EsgProgressItem, Evidence } from '../../../domain/contracts/esg-wizard';
import { isCompletedValue, toggledValue } from '../../../domain/esg/compliance';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { loadOnce, useLoadedWhen } from '../../ui/deferred-control';
import { IndicatorBadges } from './indicator-badges';
import { Switch } from './switch';
import { useSaveIndicator } from './use-save-indicator';
import { describeOrigin, formatValue, indicatorTitle } from './wizard';

/** The edit dialog's form code downloads when a dialog is first opened (decisions 070, 071). */
const loadEditDialog = loadOnce(() => import('./edit-dialog').then((module) => module.EditDialog));

/** spec §2 checklist row: completion toggle, title, description, badges, value, edit dialog. */
export function IndicatorRow({
  item,
  jurisdiction,
  year,
  evidence,
}: {
  item: EsgProgressItem;
  jurisdiction: Jurisdiction;
  year: number;
  evidence: Evidence[];
}) {
  const titleId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const { save, pendingChange } = useSaveIndicator(jurisdiction, item);
  const canEdit = useCan('esg.edit');
  const EditDialog = useLoadedWhen(canEdit && isEditing, loadEditDialog, {
    failure: "Couldn't open this dialog. Check your connection and try again.",
    onFailed: () => setIsEditing(false),
  });
  const title = indicatorTitle(item);
  // While a toggle is on its way, show where it is going.
  const isChecked =
    pendingChange?.value !== undefined ? isCompletedValue(pendingChange.value) : item.isCompleted;
  const value = formatValue(item.value, item.unit);

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
      <div className="flex flex-1 items-start gap-3">
        <Switch
          className="mt-0.5"
          checked={isChecked}
          disabled={!canEdit || pendingChange !== undefined}
          aria-labelledby={titleId}
          onCheckedChange={(checked) => save({ value: toggledValue(item.value, checked) })}
        />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <h3 id={titleId} className="text-sm font-semibold text-ink">
            {title}
          </h3>
          <p className="text-sm text-slate-700">{item.description}</p>
          <IndicatorBadges item={item} />
          <p className="text-sm break-words">
            <span className="font-medium text-ink">Current value: </span>
            {value ? <span className="text-ink">{value}</span> : <span className="text-muted">none yet</span>}
          </p>
          {value || item.overridden ? (
            <p className="text-xs text-muted">{describeOrigin(item, year).join(' · ')}</p>
          ) : null}
          {item.ledgerNote ? <p className="text-xs text-slate-700">{item.ledgerNote}</p> : null}
          {item.evidenceCount > 0 ? (
            <p className="text-xs text-muted">
              {item.evidenceCount} evidence file{item.evidenceCount === 1 ? '' : 's'}
            </p>
          ) : null}
        </div>
      </div>
      {canEdit ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setIsEditing(true)}>
          Edit<span className="sr-only"> {title}</span>
        </Button>
      ) : null}
      {canEdit && isEditing && EditDialog ? (
        <EditDialog
          item={item}
          jurisdiction={jurisdiction}
          year={year}
          evidence={evidence}
          onClose={() => setIsEditing(false)}
        />
      ) : null}
    </li>
  );
}
