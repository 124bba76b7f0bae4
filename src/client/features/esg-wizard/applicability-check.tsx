import { Suspense, useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { loadOnce } from '../../ui/deferred-control';
import { ChevronDownIcon } from '../../ui/icons';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';

// The questions' form code loads when the check is first reached for, not with the wizard
// (decisions 064 and 071).
const loadApplicabilityQuestions = loadOnce(() =>
  import('./applicability-questions').then((module) => module.ApplicabilityQuestions),
);
const ApplicabilityQuestions = lazyForm(loadApplicabilityQuestions);

/**
 * "Does this apply to us?": a pure check of the regimes from size, listing and country, folded
 * until asked for. A disclosure button rather than Radix's Collapsible, whose content unmounts
 * when folded: once opened the questions stay mounted (hidden when folded), so the answers, their
 * messages and the verdicts survive folding.
 */
export function ApplicabilityCheck({ jurisdiction }: { jurisdiction: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const prefetch = () => {
    loadApplicabilityQuestions().catch(() => undefined);
  };
  const toggle = () => {
    setOpen(!open);
    setWasOpened(true);
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-questions`}
            onClick={toggle}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            className="flex w-full items-center justify-between gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Does this apply to us?
            <ChevronDownIcon className={open ? 'rotate-180 transition-transform' : 'transition-transform'} />
          </button>
        </CardTitle>
        <CardDescription>
          Optional. Answer five questions about your company to see which reporting rules reach it. Nothing is
          sent or stored.
        </CardDescription>
      </CardHeader>
      <div id={`${id}-questions`} hidden={!open}>
        {wasOpened ? (
          <CardContent className="grid gap-5">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <ApplicabilityQuestions jurisdiction={jurisdiction} />
            </Suspense>
          </CardContent>
        ) : null}
      </div>
    </Card>
  );
}
