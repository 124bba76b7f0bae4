import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useLoadedWhen } from '../../ui/deferred-control';
import { describeTarget } from './format';

interface TargetsPanelProps {
  year: number;
  currentYear: number;
}

/**
 * A year without activity (decision 082): the target and the revenue and headcount can be set
 * already, but nothing draws them until lines arrive, so the screen leads with adding data and
 * offers the two forms on request. Their code (the forms, react-hook-form, the contract's zod)
 * loads when asked for, and focus moves onto the panel that replaces the offer.
 */
export function TargetsOffer({
  load,
  year,
  currentYear,
  target,
}: TargetsPanelProps & {
  load: () => Promise<ComponentType<TargetsPanelProps>>;
  /** A target saved earlier, said here rather than hidden behind the button. */
  target: KpiMetrics['carbon']['target'];
}) {
  const [wanted, setWanted] = useState(false);
  const Panel = useLoadedWhen(wanted, load, {
    failure: "Couldn't load the target and figures forms. Check your connection and try again.",
    // Asking again retries the download.
    onFailed: () => setWanted(false),
  });
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Panel) panelRef.current?.focus();
  }, [Panel]);

  if (Panel) {
    return (
      <div ref={panelRef} tabIndex={-1} className="focus:outline-none">
        <Panel year={year} currentYear={currentYear} />
      </div>
    );
  }
  return (
    <Card aria-labelledby="targets-offer-title">
      <CardHeader>
        <CardTitle id="targets-offer-title">Targets and company figures</CardTitle>
        <CardDescription>
          You can set your reduction target and the revenue and headcount for {year} now. The target is drawn
          on the trend chart, and the intensity figures are calculated, once {year} has activity.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3">
        {target ? (
          <p className="text-sm font-medium text-ink">Your target: {describeTarget(target)}.</p>
        ) : null}
        <Button
          variant="outline"
          onClick={() => setWanted(true)}
          onPointerEnter={() => {
            load().catch(() => undefined);
          }}
        >
          {wanted ? 'Loading…' : target ? 'Change target and figures' : 'Set target and figures'}
        </Button>
      </CardContent>
    </Card>
  );
}
