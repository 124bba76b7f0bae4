import { Suspense, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';
import type { GeneratorFormProps } from './generator-fields';

// The form's code (react-hook-form and the report contract, decision 071) loads after the page,
// behind a skeleton (decision 064).
const GeneratorForm = lazyForm(() => import('./generator-fields').then((module) => module.GeneratorForm));

/**
 * spec §2: the "Generate a report" card. Its form loads after the page, once the signed-in user
 * is known (the framework starts on their jurisdiction), so the server's render shows the skeleton.
 */
export function GeneratorCard({ hasUser, ...props }: GeneratorFormProps & { hasUser: boolean }) {
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
        {hasUser ? (
          <Suspense fallback={<FormSkeleton />}>
            <GeneratorForm {...props} />
          </Suspense>
        ) : (
          <FormSkeleton />
        )}
      </CardContent>
    </Card>
  );
}

const FormSkeleton = () => <Skeleton className="h-96 w-full" />;
