import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CreateFeedback, FeedbackType } from '../../../domain/contracts/support';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { type ContractForm, useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextareaField, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { isUnauthorizedError } from '../../lib/api';
import { $feedbackDialog, closeFeedbackDialog, takeFeedbackDialogOpener } from '../../stores/feedback-dialog';
import { addToast, toastError } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { useCreateFeedback } from './api';
import { type FeedbackValues, feedbackCheck, isMissingSubjectOrMessage } from './feedback';
import { FEEDBACK_DIALOG_TITLES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES } from './links';

const feedbackSchema = checkedFormSchema(feedbackCheck);
const TYPE_CHOICES = FEEDBACK_TYPES.map((type) => ({ value: type, label: FEEDBACK_TYPE_LABELS[type] }));

/**
 * The form, checked with the contract (decision 071). Each opening starts from the type its caller
 * chose and no earlier message; subject, message and email stay until they are sent.
 */
function useFeedbackForm(open: boolean, openedType: FeedbackType) {
  const form = useContractForm<FeedbackValues, CreateFeedback>(feedbackSchema, {
    type: openedType,
    subject: '',
    message: '',
    email: '',
  });
  const { setValue, clearErrors } = form;
  useEffect(() => {
    if (!open) return;
    setValue('type', openedType);
    clearErrors();
  }, [open, openedType, setValue, clearErrors]);
  return form;
}

/** Sends the feedback; on success thanks the person, clears the form and closes. */
function useSubmitFeedback(form: ContractForm<FeedbackValues, CreateFeedback>) {
  const mutation = useCreateFeedback();
  const onSubmit = (request: CreateFeedback) =>
    mutation.mutate(request, {
      onSuccess: () => {
        addToast({
          title: 'Feedback Submitted',
          description: "Thank you for your feedback! We'll get back to you soon.",
        });
        form.reset({ type: request.type, subject: '', message: '', email: '' });
        closeFeedbackDialog();
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client); don't replace it.
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError('Failed to submit feedback. Please try again.');
      },
    });
  // spec §5: a blank subject or message is also said in a toast, as before the fields said it.
  const onInvalid = () => {
    if (!isMissingSubjectOrMessage(form.getValues())) return;
    addToast({
      title: 'Missing Information',
      description: 'Please fill in both subject and message fields.',
      variant: 'destructive',
    });
  };
  return { onSubmit, onInvalid, isPending: mutation.isPending };
}

export function FeedbackDialog() {
  const state = useStore($feedbackDialog, { ssr: 'initial' });
  const form = useFeedbackForm(state.open, state.type);
  const { onSubmit, onInvalid, isPending } = useSubmitFeedback(form);
  const type = form.watch('type');

  return (
    <Dialog open={state.open} onOpenChange={(open) => (open ? undefined : closeFeedbackDialog())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const opener = takeFeedbackDialogOpener();
          if (!opener) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{FEEDBACK_DIALOG_TITLES[type]}</DialogTitle>
          <DialogDescription>Tell us what happened or what you need.</DialogDescription>
        </DialogHeader>
        <ContractFormRoot form={form} onSubmit={onSubmit} onInvalid={onInvalid} className="grid gap-4">
          <SelectField name="type" label="Type" choices={TYPE_CHOICES} />
          <TextField name="subject" label="Subject" maxLength={200} />
          <TextareaField name="message" label="Message" maxLength={5000} />
          <TextField name="email" label="Email (optional)" type="email" autoComplete="email" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={closeFeedbackDialog}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </DialogFooter>
        </ContractFormRoot>
      </DialogContent>
    </Dialog>
  );
}
