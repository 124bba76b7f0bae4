import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { FeedbackType } from '../../../domain/contracts/support';
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
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Textarea } from '../../ui/textarea';
import { useCreateFeedback } from './api';
import { buildFeedbackPayload, isFeedbackType, isValidOptionalEmail } from './feedback';
import { FEEDBACK_DIALOG_TITLES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES } from './links';

/** The form's fields; each opening starts from the type its caller chose. */
function useFeedbackFields(open: boolean, openedType: FeedbackType) {
  const [type, setType] = useState<FeedbackType>(openedType);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setType(openedType);
      setEmailError(undefined);
    }
  }, [open, openedType]);

  const reset = () => {
    setSubject('');
    setMessage('');
    setEmail('');
    setEmailError(undefined);
  };
  return {
    type,
    setType,
    subject,
    setSubject,
    message,
    setMessage,
    email,
    setEmail,
    emailError,
    setEmailError,
    reset,
  };
}

/**
 * Sends the feedback once subject and message are there and the optional email is valid (else it
 * says which and focuses the email); on success thanks the person, clears the form and closes.
 */
function useSubmitFeedback(fields: ReturnType<typeof useFeedbackFields>, emailInputId: string) {
  const { type, subject, message, email, setEmailError } = fields;
  const mutation = useCreateFeedback();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = buildFeedbackPayload(type, subject, message, email);
    if (!payload) {
      addToast({
        title: 'Missing Information',
        description: 'Please fill in both subject and message fields.',
        variant: 'destructive',
      });
      return;
    }
    if (!isValidOptionalEmail(payload.email)) {
      setEmailError('Enter a valid email address');
      document.getElementById(emailInputId)?.focus();
      return;
    }
    setEmailError(undefined);
    mutation.mutate(payload, {
      onSuccess: () => {
        addToast({
          title: 'Feedback Submitted',
          description: "Thank you for your feedback! We'll get back to you soon.",
        });
        fields.reset();
        closeFeedbackDialog();
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client); don't replace it.
        if (!isUnauthorizedError(error)) toastError('Failed to submit feedback. Please try again.');
      },
    });
  };

  return { onSubmit, isPending: mutation.isPending };
}

export function FeedbackDialog() {
  const id = useId();
  const state = useStore($feedbackDialog, { ssr: 'initial' });
  const fields = useFeedbackFields(state.open, state.type);
  const { type, subject, message, email, emailError } = fields;
  const { onSubmit, isPending } = useSubmitFeedback(fields, `${id}-email`);

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
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FeedbackTypeField id={`${id}-type`} type={type} onChange={fields.setType} />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-subject`}>Subject</Label>
            <Input
              id={`${id}-subject`}
              value={subject}
              maxLength={200}
              onChange={(event) => fields.setSubject(event.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              value={message}
              maxLength={5000}
              onChange={(event) => fields.setMessage(event.target.value)}
            />
          </div>
          <OptionalEmailField
            id={`${id}-email`}
            email={email}
            error={emailError}
            onChange={fields.setEmail}
          />
          <DialogFooter>
            <Button variant="outline" onClick={closeFeedbackDialog}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FeedbackTypeField({
  id,
  type,
  onChange,
}: {
  id: string;
  type: FeedbackType;
  onChange: (type: FeedbackType) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Type</Label>
      <Select
        value={type}
        onValueChange={(value) => {
          if (isFeedbackType(value, FEEDBACK_TYPES)) onChange(value);
        }}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {FEEDBACK_TYPES.map((option) => (
            <SelectItem key={option} value={option}>
              {FEEDBACK_TYPE_LABELS[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function OptionalEmailField({
  id,
  email,
  error,
  onChange,
}: {
  id: string;
  email: string;
  error: string | undefined;
  onChange: (email: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Email (optional)</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
