import { Suspense, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';
import type { GeneratorFormProps } from './generator-fields';

// The form's code (react-hook-form and the report contract, decision 071) loads after the page,
// behind a skeleton (decision 064).
const GeneratorForm = lazyForm(() => import('./generator-fields').then((module) => module.GeneratorForm));

/** spec §2: the "Generate a report" card; its form loads after the page. */
export function GeneratorCard(props: GeneratorFormProps) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Generate a report</CardTitle>
        <CardDescription>
          Built from your ledger, ESG answers and approved narratives for the period you choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <GeneratorForm {...props} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
