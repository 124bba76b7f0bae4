import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CONSOLIDATION_LABELS, CONSOLIDATION_MEANINGS } from '../../../domain/company-profile/consolidation';
import { ConsolidationApproachSchema, MAX_BOUNDARY_LENGTH } from '../../../domain/contracts/company-profile';
import { getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { focusFirstError } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Textarea } from '../../ui/textarea';
import { useCompanyProfile, useUpdateCompanyProfile } from './api';
import {
  COMPANY_DETAILS_ORDER,
  type CompanyDetailsField,
  type CompanyDetailsValues,
  companyDetailsFrom,
  validateCompanyDetails,
} from './company-details';

type Errors = Partial<Record<CompanyDetailsField, string>>;

/**
 * Settings → Profile → Company details (decision 057): the identifiers XBRL names the company by
 * and the GHG Protocol boundary every report states. Asked once here; reports read them.
 */
export function CompanyDetailsCard() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const canEdit = useCan('company.edit');
  const query = useCompanyProfile();
  const mutation = useUpdateCompanyProfile();
  const [values, setValues] = useState<CompanyDetailsValues>(() => companyDetailsFrom(undefined));
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (query.data) setValues(companyDetailsFrom(query.data));
  }, [query.data]);

  const fieldId = (field: CompanyDetailsField) => `${id}-${field}`;
  const errorId = (field: CompanyDetailsField) => `${id}-${field}-error`;
  const set = (field: CompanyDetailsField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const invalid = (field: CompanyDetailsField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [`${fieldId(field)}-hint`, errors[field] ? errorId(field) : null]
      .filter(Boolean)
      .join(' '),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateCompanyDetails(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(formRef.current, COMPANY_DETAILS_ORDER, result.errors, fieldId);
      return;
    }
    setErrors({});
    mutation.mutate(result.payload, {
      onSuccess: () => toastSuccess('Company details saved'),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const found = getFieldErrors(error) as Errors;
        setErrors(found);
        const details = Object.values(found).filter(Boolean);
        toastError(
          details.length ? `Company details not saved. ${details.join(' ')}` : 'Company details not saved',
        );
        focusFirstError(formRef.current, COMPANY_DETAILS_ORDER, found, fieldId);
      },
    });
  };

  const hint = (field: CompanyDetailsField, text: string) => (
    <p id={`${fieldId(field)}-hint`} className="text-xs text-muted">
      {text}
    </p>
  );

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Company details</CardTitle>
        <CardDescription>
          The identifiers your XBRL reports name the company by, and the boundary every report states.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
            {/* The company's fields are an admin's (company.edit); others see them read-only. */}
            <fieldset disabled={!canEdit} className="contents">
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid content-start gap-1.5">
                  <Label htmlFor={fieldId('lei')}>LEI (Legal Entity Identifier)</Label>
                  <Input
                    id={fieldId('lei')}
                    value={values.lei}
                    onChange={(event) => set('lei')(event.target.value)}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={40}
                    className="font-mono uppercase"
                    {...invalid('lei')}
                  />
                  {hint(
                    'lei',
                    '20 letters and digits, from gleif.org. VSME and CSRD reports name the company by it.',
                  )}
                  <FieldError id={errorId('lei')}>{errors.lei}</FieldError>
                </div>
                <div className="grid content-start gap-1.5">
                  <Label htmlFor={fieldId('companyNumber')}>UK company number</Label>
                  <Input
                    id={fieldId('companyNumber')}
                    value={values.companyNumber}
                    onChange={(event) => set('companyNumber')(event.target.value)}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={40}
                    className="font-mono uppercase"
                    {...invalid('companyNumber')}
                  />
                  {hint(
                    'companyNumber',
                    'Companies House, 8 characters (e.g. 01234567, SC123456). SECR reports name the company by it.',
                  )}
                  <FieldError id={errorId('companyNumber')}>{errors.companyNumber}</FieldError>
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={fieldId('consolidationApproach')}>
                  Consolidation approach (GHG Protocol)
                </Label>
                <Select
                  value={values.consolidationApproach || undefined}
                  onValueChange={(value) =>
                    set('consolidationApproach')(ConsolidationApproachSchema.parse(value))
                  }
                >
                  <SelectTrigger id={fieldId('consolidationApproach')} {...invalid('consolidationApproach')}>
                    <SelectValue placeholder="Not chosen yet" />
                  </SelectTrigger>
                  <SelectContent>
                    {ConsolidationApproachSchema.options.map((option) => (
                      <SelectItem key={option} value={option}>
                        {CONSOLIDATION_LABELS[option].replace(/^./, (letter) => letter.toUpperCase())}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                {hint(
                  'consolidationApproach',
                  values.consolidationApproach
                    ? `Reports count ${CONSOLIDATION_MEANINGS[values.consolidationApproach]}.`
                    : 'Until you choose, reports say that no approach was chosen.',
                )}
                <FieldError id={errorId('consolidationApproach')}>{errors.consolidationApproach}</FieldError>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={fieldId('organisationalBoundary')}>Organisational boundary</Label>
                <Textarea
                  id={fieldId('organisationalBoundary')}
                  value={values.organisationalBoundary}
                  onChange={(event) => set('organisationalBoundary')(event.target.value)}
                  maxLength={MAX_BOUNDARY_LENGTH}
                  className="min-h-20"
                  {...invalid('organisationalBoundary')}
                />
                {hint(
                  'organisationalBoundary',
                  'Which entities and sites your reports cover, e.g. "Northwind Bakery Ltd and its two Bristol bakeries".',
                )}
                <FieldError id={errorId('organisationalBoundary')}>
                  {errors.organisationalBoundary}
                </FieldError>
              </div>
            </fieldset>
            {canEdit ? (
              <div>
                <Button type="submit" disabled={mutation.isPending}>
                  {mutation.isPending ? 'Saving...' : 'Save company details'}
                </Button>
              </div>
            ) : (
              <PermissionNote action="company.edit" />
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
