import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import { trackEvent } from '../../lib/analytics';
import { getErrorMessage } from '../../lib/api';
import { $currentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useEsgProgress } from './api';
import { ChecklistStep } from './checklist-step';
import { CompleteStep } from './complete-step';
import { JurisdictionStep } from './jurisdiction-step';
import { DEFAULT_JURISDICTION } from './jurisdictions';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';
import { initialStep, WIZARD_STEPS, type WizardStep } from './wizard';

function WizardSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4">
      <p className="sr-only" role="status">
        Loading your ESG checklist
      </p>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
    >
      <h2 className="text-lg font-semibold text-ink">Couldn't load your ESG checklist</h2>
      <p className="text-sm text-muted">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/**
 * The ESG Wizard (spec §2, §4): jurisdiction → checklist → review → complete. Opens on the
 * checklist when the user's jurisdiction already has one, else on step 1.
 */
export function EsgWizard() {
  const session = useStore($currentUser, { ssr: 'initial' });
  const [chosen, setChosen] = useState<Jurisdiction | null>(null);
  const [chosenStep, setChosenStep] = useState<WizardStep | null>(null);
  const [chosenComprehensive, setChosenComprehensive] = useState<boolean | null>(null);
  const jurisdiction = chosen ?? session.user?.jurisdiction ?? DEFAULT_JURISDICTION;
  const progress = useEsgProgress(jurisdiction, { enabled: session.status === 'authenticated' });
  const stepRegion = useRef<HTMLElement>(null);
  // Set by a step change the person asked for; the new step then takes keyboard focus.
  const isMovingFocus = useRef(false);
  useEffect(() => {
    if (!isMovingFocus.current) return;
    isMovingFocus.current = false;
    stepRegion.current?.focus();
  });

  if (session.status === 'error') {
    return <LoadError message={session.message} onRetry={() => window.location.reload()} />;
  }
  if (progress.isError && chosenStep === null) {
    return <LoadError message={getErrorMessage(progress.error)} onRetry={() => progress.refetch()} />;
  }
  if (chosenStep === null && progress.isPending) return <WizardSkeleton />;

  const data = progress.data;
  const hasChecklist = data !== undefined && data.progress.length > 0;
  // Steps 2–4 need a checklist; without one (e.g. another jurisdiction picked) step 1 shows.
  const wanted = chosenStep ?? initialStep(data);
  const step: WizardStep = hasChecklist ? wanted : 1;

  const goTo = (next: WizardStep) => {
    isMovingFocus.current = true;
    setChosenStep(next);
    window.scrollTo({ top: 0 });
  };
  const stepLabel = WIZARD_STEPS.find((entry) => entry.step === step)?.label ?? '';

  return (
    <div className="grid gap-6">
      <StepIndicator current={step} />
      <PermissionNote action="esg.edit" />
      <section
        ref={stepRegion}
        tabIndex={-1}
        aria-label={`Step ${step} of ${WIZARD_STEPS.length}: ${stepLabel}`}
        className="focus:outline-none"
      >
        {step === 1 || !data ? (
          <JurisdictionStep
            jurisdiction={jurisdiction}
            onJurisdictionChange={(value) => {
              setChosen(value);
              setChosenStep(1);
            }}
            includeComprehensive={chosenComprehensive ?? data?.includeComprehensive ?? false}
            onIncludeComprehensiveChange={setChosenComprehensive}
            onInitialized={() => goTo(2)}
          />
        ) : step === 2 ? (
          <ChecklistStep
            progress={data}
            onPrevious={() => goTo(1)}
            onContinue={() => {
              trackEvent('wizard_step_completed', { step: 2 });
              goTo(3);
            }}
          />
        ) : step === 3 ? (
          <ReviewStep progress={data} onBack={() => goTo(2)} onComplete={() => goTo(4)} />
        ) : (
          <CompleteStep progress={data} onBack={() => goTo(3)} />
        )}
      </section>
    </div>
  );
}
