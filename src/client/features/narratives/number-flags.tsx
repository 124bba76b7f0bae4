import type { UnsupportedNumber } from '../../../domain/contracts/narratives';
import { Button } from '../../ui/button';
import { describeFlagCount, numberContext } from './narratives';

export interface NumberFlagsProps {
  summaryId: string;
  /** The text the flags were found in (offsets refer to it). */
  checkedContent: string;
  flags: UnsupportedNumber[];
  confirmed: string[];
  isChecking: boolean;
  hasFailed: boolean;
  onConfirm: (text: string) => void;
  onUnconfirm: (text: string) => void;
  onJump: (flag: UnsupportedNumber) => void;
}

/** A flagged number quoted in its sentence, with Confirm and Jump to. */
function FlaggedNumber({
  flag,
  checkedContent,
  onConfirm,
  onJump,
}: {
  flag: UnsupportedNumber;
  checkedContent: string;
  onConfirm: (text: string) => void;
  onJump: (flag: UnsupportedNumber) => void;
}) {
  const context = numberContext(checkedContent, flag);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-surface p-2">
      <p className="min-w-0 flex-1 basis-56 break-words text-slate-800">
        {context.before}
        <mark className="rounded-sm bg-amber-200 px-0.5 font-semibold text-amber-950">{flag.text}</mark>
        {context.after}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onConfirm(flag.text)}
          aria-label={`Confirm ${flag.text}`}
        >
          Confirm
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onJump(flag)} aria-label={`Jump to ${flag.text}`}>
          Jump to
        </Button>
      </div>
    </li>
  );
}

function ConfirmedNumbers({
  confirmed,
  onUnconfirm,
}: {
  confirmed: string[];
  onUnconfirm: (text: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-slate-700">
      <span>Confirmed by you:</span>
      {confirmed.map((text) => (
        <span
          key={text}
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs"
        >
          {text}
          <button
            type="button"
            onClick={() => onUnconfirm(text)}
            aria-label={`Undo confirming ${text}`}
            className="rounded-full px-1.5 text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Undo
          </button>
        </span>
      ))}
    </div>
  );
}

/**
 * The number check under the editor: each number that matches no figure of the company's data,
 * quoted in its sentence, with 'Confirm' (it is right although the data lacks it) and 'Jump to'.
 */
export function NumberFlags({
  summaryId,
  checkedContent,
  flags,
  confirmed,
  isChecking,
  hasFailed,
  onConfirm,
  onUnconfirm,
  onJump,
}: NumberFlagsProps) {
  const hasFlags = flags.length > 0;
  return (
    <section
      aria-labelledby={`${summaryId}-title`}
      className={
        hasFlags
          ? 'grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm'
          : 'grid gap-2 rounded-md border border-border bg-canvas p-3 text-sm'
      }
    >
      <h3 id={`${summaryId}-title`} className="font-semibold text-ink">
        Number check
      </h3>
      <p id={summaryId} role="status" className={hasFlags ? 'text-amber-950' : 'text-slate-700'}>
        {describeFlagCount(flags.length)}
        {isChecking ? ' Checking your latest changes…' : ''}
        {hasFailed ? " Couldn't check your latest changes; they are checked again when you save." : ''}
      </p>
      {hasFlags ? (
        <>
          <p className="text-amber-950">
            These numbers don't match any figure in your data. Correct them, or confirm the ones you know are
            right:
          </p>
          <ul className="grid gap-2">
            {flags.map((flag) => (
              <FlaggedNumber
                key={`${flag.start}-${flag.text}`}
                flag={flag}
                checkedContent={checkedContent}
                onConfirm={onConfirm}
                onJump={onJump}
              />
            ))}
          </ul>
        </>
      ) : null}
      {confirmed.length > 0 ? <ConfirmedNumbers confirmed={confirmed} onUnconfirm={onUnconfirm} /> : null}
    </section>
  );
}
