import { Suspense, useId } from 'react';
import { PLANS } from '../../../domain/account/plans';
import type { Branding } from '../../../domain/contracts/branding';
import { getErrorMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useBranding } from './api';
import { LogoField } from './logo-field';

const ENTERPRISE = PLANS.enterprise.name;

// decision 071: the form's code (react-hook-form, the fields) loads after the page.
const BrandingForm = lazyForm(() => import('./branding-form').then((module) => module.BrandingForm));

/**
 * Settings → Billing → Report branding (spec §9 "Enterprise: custom branding"; decision 027):
 * admins of an Enterprise company set the brand name, accent colour and logo PDF reports carry;
 * everyone else sees what it is and what it needs.
 */
export function ReportBrandingCard() {
  const id = useId();
  const query = useBranding();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Report branding</CardTitle>
        <CardDescription>
          Your brand name, accent colour and logo on the cover, headings and page footers of PDF reports.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <div aria-busy="true" className="grid gap-3">
            <p className="sr-only" role="status">
              Loading report branding
            </p>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-40" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p className="text-sm text-muted">{getErrorMessage(query.error)}</p>
            <Button variant="outline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <BrandingBody branding={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function BrandingBody({ branding }: { branding: Branding }) {
  const canManage = useCan('branding.manage');
  if (!branding.entitled) return <PlanNeeded branding={branding} canManage={canManage} />;
  if (!canManage) {
    return (
      <div className="grid gap-4">
        <BrandingSummary branding={branding} />
        <PermissionNote action="branding.manage" />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <Suspense fallback={<Skeleton className="h-72 w-full" />}>
        <BrandingForm key={`${branding.brandName ?? ''}|${branding.accentColour}`} branding={branding} />
      </Suspense>
      <LogoField branding={branding} />
    </div>
  );
}

function PlanNeeded({ branding, canManage }: { branding: Branding; canManage: boolean }) {
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-ink">
        Custom branding is part of the {ENTERPRISE} plan; the company is on the {PLANS[branding.plan].name}{' '}
        plan, so reports use the standard look.
      </p>
      <p className="text-muted">
        {canManage
          ? `To use it, choose Change plan above and request the ${ENTERPRISE} plan.`
          : `An admin can request the ${ENTERPRISE} plan in Settings → Billing.`}
      </p>
      {branding.customised ? (
        <p className="text-muted">
          The branding saved earlier is kept and comes back on reports once the company is on {ENTERPRISE}.
        </p>
      ) : null}
    </div>
  );
}

/** What reports carry, for members and viewers (who cannot change it). */
function BrandingSummary({ branding }: { branding: Branding }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted">Brand name</dt>
      <dd className="text-ink">{branding.brandName ?? `${branding.companyName} (the company name)`}</dd>
      <dt className="text-muted">Accent colour</dt>
      <dd className="flex items-center gap-2 text-ink">
        <span
          aria-hidden="true"
          className="inline-block size-5 rounded border border-slate-400"
          style={{ backgroundColor: branding.accentColour }}
        />
        {branding.accentColour}
      </dd>
      <dt className="text-muted">Logo</dt>
      <dd>
        {branding.logo ? (
          <img
            src={branding.logo.url}
            alt="Company logo on reports"
            className="max-h-16 max-w-48 rounded border border-slate-200 object-contain"
          />
        ) : (
          <span className="text-ink">None</span>
        )}
      </dd>
    </dl>
  );
}
