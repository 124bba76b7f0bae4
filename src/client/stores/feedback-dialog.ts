import { atom } from 'nanostores';
import type { FeedbackType } from '../../domain/contracts/support';

/** The feedback dialog lives in the shell; the help menu and the Support page open it (spec §2). */
export interface FeedbackDialogState {
  open: boolean;
  type: FeedbackType;
}

export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'support';

export const $feedbackDialog = atom<FeedbackDialogState>({ open: false, type: DEFAULT_FEEDBACK_TYPE });

/** Where focus goes back to on close (a menu item that opened the dialog is gone by then). */
let opener: HTMLElement | null = null;

export function openFeedbackDialog(
  type: FeedbackType = DEFAULT_FEEDBACK_TYPE,
  from?: HTMLElement | null,
): void {
  opener = from ?? (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  $feedbackDialog.set({ open: true, type });
}

export function takeFeedbackDialogOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element?.isConnected ? element : null;
}

export function closeFeedbackDialog(): void {
  $feedbackDialog.set({ ...$feedbackDialog.get(), open: false });
}
