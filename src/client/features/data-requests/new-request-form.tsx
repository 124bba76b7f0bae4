import { type FormEvent, useId, useRef, useState } from 'react';
import {
  type CreateDataRequest,
  CreateDataRequestSchema,
  type DataRequestTemplate,
  DataRequestTemplateSchema,
  type RequesterType,
  RequesterTypeSchema,
} from '../../../domain/contracts/data-requests';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { type FieldErrors, focusFirstError, schemaErrors } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useCreateDataRequest, useTemplates } from './api';
import { QuestionsField, type QuestionsInput } from './questions-field';
import { REQUESTER_TYPE_LABELS } from './request-words';

type Field = 'requesterName' | 'requesterType' | 'template' | 'period' | 'dueDate' | 'questions';
const FIELD_ORDER: readonly Field[] = [
  'requesterName',
  'requesterType',
  'template',
  'period',
  'dueDate',
  'questions',
];

/** The request body of the form's values: questions only for a custom list, as the contract says. */
export function requestBody(values: {
  requesterName: string;
  requesterType: RequesterType;
  template: DataRequestTemplate;
  period: string;
  dueDate: string;
  questions: QuestionsInput;
}): CreateDataRequest {
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

/** Records an incoming request (issue 22 item 1) and opens it to see its answers. */
export function NewRequestForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const templates = useTemplates();
  const mutation = useCreateDataRequest();
  const [requesterName, setRequesterName] = useState('');
  const [requesterType, setRequesterType] = useState<RequesterType>('customer');
  const [template, setTemplate] = useState<DataRequestTemplate>('vsme_basic');
  const [period, setPeriod] = useState(String(new Date().getFullYear() - 1));
  const [dueDate, setDueDate] = useState('');
  const [questions, setQuestions] = useState<QuestionsInput>({
    mode: 'typed',
    typed: [],
    csv: '',
    problem: null,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const chosen = templates.data?.templates.find((candidate) => candidate.id === template);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = requestBody({ requesterName, requesterType, template, period, dueDate, questions });
    const found = schemaErrors<Field>(CreateDataRequestSchema, body);
    if (template === 'custom' && questions.problem) found.questions = questions.problem;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, FIELD_ORDER, found, fieldId);
      return;
    }
    mutation.mutate(body, {
      onSuccess: (created) => {
        window.location.assign(`/requests/${encodeURIComponent(created.id)}`);
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        const fromServer = getFieldErrors(failure) as FieldErrors<Field>;
        setErrors(fromServer);
        setFormError(`The request was not recorded. ${getErrorMessage(failure)}`);
        focusFirstError(formRef.current, FIELD_ORDER, fromServer, fieldId);
      },
    });
  };

  const describedBy = (field: Field) => (errors[field] ? `${fieldId(field)}-error` : undefined);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormAlert message={formError} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('requesterName')}>Requester</Label>
          <Input
            id={fieldId('requesterName')}
            value={requesterName}
            maxLength={200}
            placeholder="e.g. Harbour Foods plc"
            onChange={(event) => setRequesterName(event.target.value)}
            aria-invalid={errors.requesterName ? true : undefined}
            aria-describedby={describedBy('requesterName')}
          />
          <FieldError id={`${fieldId('requesterName')}-error`}>{errors.requesterName}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('requesterType')}>Requester type</Label>
          <Select
            value={requesterType}
            onValueChange={(value) => setRequesterType(RequesterTypeSchema.parse(value))}
          >
            <SelectTrigger id={fieldId('requesterType')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RequesterTypeSchema.options.map((option) => (
                <SelectItem key={option} value={option}>
                  {REQUESTER_TYPE_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('period')}>Period</Label>
          <Input
            id={fieldId('period')}
            value={period}
            maxLength={7}
            placeholder="2025 or 2025-q1"
            onChange={(event) => setPeriod(event.target.value)}
            aria-invalid={errors.period ? true : undefined}
            aria-describedby={describedBy('period')}
          />
          <FieldError id={`${fieldId('period')}-error`}>{errors.period}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('dueDate')}>Due date (optional)</Label>
          <Input
            id={fieldId('dueDate')}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            aria-invalid={errors.dueDate ? true : undefined}
            aria-describedby={describedBy('dueDate')}
          />
          <FieldError id={`${fieldId('dueDate')}-error`}>{errors.dueDate}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId('template')}>Template</Label>
        <Select
          value={template}
          onValueChange={(value) => setTemplate(DataRequestTemplateSchema.parse(value))}
        >
          <SelectTrigger id={fieldId('template')} aria-describedby={`${fieldId('template')}-about`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(templates.data?.templates ?? []).map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {option.title}
              </SelectItem>
            ))}
            {templates.data ? null : <SelectItem value={template}>{template}</SelectItem>}
          </SelectContent>
        </Select>
        <p id={`${fieldId('template')}-about`} className="text-sm text-muted">
          {templates.isError
            ? `The template library could not be loaded. ${getErrorMessage(templates.error)}`
            : (chosen?.description ?? 'Loading the template library...')}
        </p>
        {chosen && chosen.items.length > 0 ? (
          <details className="rounded-md border border-border p-3 text-sm">
            <summary className="cursor-pointer font-medium">
              The {chosen.items.length} items of this template
            </summary>
            <ul className="mt-2 grid gap-1 text-muted">
              {chosen.items.map((item) => (
                <li key={item.key}>
                  {item.disclosure ? <span className="font-medium text-ink">{item.disclosure} </span> : null}
                  {item.question}
                  {item.unit ? ` (${item.unit})` : ''}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      {template === 'custom' ? (
        <QuestionsField
          id={fieldId('questions')}
          value={questions}
          onChange={setQuestions}
          error={errors.questions}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Recording...' : 'Record the request'}
        </Button>
      </div>
    </form>
  );
}
