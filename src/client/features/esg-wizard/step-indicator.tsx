import { cn } from '../../ui/cn';
import { CheckIcon } from '../../ui/icons';
import { WIZARD_STEPS, type WizardStep } from './wizard';

/** spec §2: four steps; those before the current one show as complete. */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Wizard progress">
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map(({ step, label }) => {
          const isDone = step < current;
          const isCurrent = step === current;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:text-left"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  isDone && 'border-brand-700 bg-brand-700 text-white',
                  isCurrent && 'border-brand-700 bg-surface text-brand-800',
                  !isDone && !isCurrent && 'border-slate-400 bg-surface text-slate-700',
                )}
              >
                {isDone ? <CheckIcon className="size-4" /> : step}
              </span>
              <span
                className={cn('text-xs sm:text-sm', isCurrent ? 'font-semibold text-ink' : 'text-slate-700')}
              >
                {label}
                <span className="sr-only">{isDone ? ' (complete)' : isCurrent ? ' (current step)' : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
