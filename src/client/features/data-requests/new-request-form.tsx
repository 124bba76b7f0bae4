import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { ZodType } from 'zod';
import {
  type CreateDataRequest,
  CreateDataRequestSchema,
  type DataRequestTemplate,
  type DataRequestTemplateList,
  type RequesterType,
  RequesterTypeSchema,
} from '../../../domain/contracts/data-requests';
import { checkedFormSchema, type FormCheck } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField, useFieldError, useFieldId } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { useReportingYear } from '../reporting-year/api';
import { useCreateDataRequest, useTemplates } from './api';
import { QuestionsField, type QuestionsInput } from './questions-field';
import { REQUESTER_TYPE_LABELS } from './request-words';

/** What the person fills in: the contract's fields as typed, and the custom list as it is being made. */
export interface NewRequestValues {
  requesterName: string;
  requesterType: RequesterType;
  template: DataRequestTemplate;
  period: string;
  dueDate: string;
  questions: QuestionsInput;
}

/** The request body of the form's values: questions only for a custom list, as the contract says. */
export function requestBody(values: NewRequestValues): CreateDataRequest {
  const body: CreateDataRequest = {
    requesterName: values.requesterName,
    requesterType: values.requesterType,
    template: values.template,
    period: values.period.trim().toLowerCase(),
    dueDate: values.dueDate || null,
  };
  if (values.template !== 'custom') return body;
  if (values.questions.mode === 'csv') return { ...body, questionsCsv: values.questions.csv };
  return { ...body, questions: values.questions.typed };
}

/**
 * The form's check (decision 071): the body the contract would refuse is refused here with the
 * same messages, and a custom list that cannot be sent as it is (a bad CSV row) says why.
 */
export const checkNewRequest: FormCheck<NewRequestValues, CreateDataRequest> = (values) => {
  const payload = requestBody(values);
  const errors: Record<string, string> = {};
  const parsed = CreateDataRequestSchema.safeParse(payload);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (values.template === 'custom' && values.questions.problem) errors.questions = values.questions.problem;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, payload };
};

/** The CSV and the typed list are one control on the form: "Your questions". */
const newRequestSchema: ZodType<CreateDataRequest, NewRequestValues> = checkedFormSchema(
  checkNewRequest,
  (field) => (field === 'questionsCsv' ? 'questions' : field),
);

function CustomQuestions({ form }: { form: ReturnType<typeof useNewRequestForm> }) {
  const id = useFieldId('questions');
  const error = useFieldError('questions');
  return (
    <Controller
      control={form.control}
      name="questions"
      render={({ field }) => (
        <QuestionsField id={id} value={field.value} onChange={field.onChange} error={error} />
      )}
    />
  );
}

const useNewRequestForm = () =>
  useContractForm(newRequestSchema, {
    requesterName: '',
    requesterType: 'customer',
    template: 'vsme_basic',
    // Filled with the reporting year once it has loaded (NewRequestForm).
    period: '',
    dueDate: '',
    questions: { mode: 'typed', typed: [], csv: '', problem: null },
  });

/** What a template asks, behind a disclosure. */
function TemplateItems({ template }: { template: DataRequestTemplateList['templates'][number] }) {
  return (
    <details className="rounded-md border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        The {template.items.length} items of this template
      </summary>
      <ul className="mt-2 grid gap-1 text-muted">
        {template.items.map((item) => (
          <li key={item.key}>
            {item.disclosure ? <span className="font-medium text-ink">{item.disclosure} </span> : null}
            {item.question}
            {item.unit ? ` (${item.unit})` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The period starts on the company's one reporting year (decision 086) until the person types one. */
function usePeriodFromReportingYear(form: ReturnType<typeof useNewRequestForm>) {
  const reportingYear = useReportingYear().data?.year;
  useEffect(() => {
    if (reportingYear !== undefined && !form.getFieldState('period').isDirty)
      form.setValue('period', String(reportingYear));
  }, [reportingYear, form]);
}

/** Who asks, what kind of requester they are, for which period and by when. */
function RequestFields() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField
        name="requesterName"
        label="Requester"
        maxLength={200}
        placeholder="e.g. Harbour Foods plc"
      />
      <SelectField
        name="requesterType"
        label="Requester type"
        choices={RequesterTypeSchema.options.map((option) => ({
          value: option,
          label: REQUESTER_TYPE_LABELS[option],
        }))}
      />
      <TextField name="period" label="Period" maxLength={7} placeholder="2025 or 2025-q1" />
      <TextField name="dueDate" label="Due date (optional)" type="date" />
    </div>
  );
}

/** Records an incoming request (issue 22 item 1) and opens it to see its answers. */
export function NewRequestForm({ onCancel }: { onCancel: () => void }) {
  const form = useNewRequestForm();
  usePeriodFromReportingYear(form);
  const templates = useTemplates();
  const mutation = useCreateDataRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const template = form.watch('template');
  const chosen = templates.data?.templates.find((candidate) => candidate.id === template);
  const templateChoices = templates.data
    ? templates.data.templates.map((option) => ({ value: option.id, label: option.title }))
    : [{ value: template, label: template }];

  const onSubmit = (body: CreateDataRequest) => {
    setFormError(null);
    mutation.mutate(body, {
      onSuccess: (created) => {
        window.location.assign(`/requests/${encodeURIComponent(created.id)}`);
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        form.showServerErrors(failure, { questionsCsv: 'questions' });
        setFormError(`The request was not recorded. ${getErrorMessage(failure)}`);
      },
    });
  };

  return (
    <ContractFormRoot
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => setFormError(null)}
      className="grid gap-5"
    >
      <FormAlert message={formError} />
      <RequestFields />
      <div className="grid gap-1.5">
        <SelectField
          name="template"
          label="Template"
          choices={templateChoices}
          hint={
            templates.isError
              ? `The template library could not be loaded. ${getErrorMessage(templates.error)}`
              : (chosen?.description ?? 'Loading the template library...')
          }
        />
        {chosen && chosen.items.length > 0 ? <TemplateItems template={chosen} /> : null}
      </div>
      {template === 'custom' ? <CustomQuestions form={form} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Recording...' : 'Record the request'}
        </Button>
      </div>
    </ContractFormRoot>
  );
}
