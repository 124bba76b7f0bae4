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

export function FeedbackDialog() {
  const id = useId();
  const state = useStore($feedbackDialog, { ssr: 'initial' });
  const [type, setType] = useState<FeedbackType>(state.type);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const mutation = useCreateFeedback();

  // Each opening starts from the type its caller chose.
  useEffect(() => {
    if (state.open) {
      setType(state.type);
      setEmailError(undefined);
    }
  }, [state.open, state.type]);

  const reset = () => {
    setSubject('');
    setMessage('');
    setEmail('');
    setEmailError(undefined);
  };

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
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setEmailError(undefined);
    mutation.mutate(payload, {
      onSuccess: () => {
        addToast({
          title: 'Feedback Submitted',
          description: "Thank you for your feedback! We'll get back to you soon.",
        });
        reset();
        closeFeedbackDialog();
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client); don't replace it.
        if (!isUnauthorizedError(error)) toastError('Failed to submit feedback. Please try again.');
      },
    });
  };

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
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>Type</Label>
            <Select
              value={type}
              onValueChange={(value) => {
                if (isFeedbackType(value, FEEDBACK_TYPES)) setType(value);
              }}
            >
              <SelectTrigger id={`${id}-type`}>
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
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-subject`}>Subject</Label>
            <Input
              id={`${id}-subject`}
              value={subject}
              maxLength={200}
              onChange={(event) => setSubject(event.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              value={message}
              maxLength={5000}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email (optional)</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
            />
            <FieldError id={`${id}-email-error`}>{emailError}</FieldError>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={closeFeedbackDialog}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
