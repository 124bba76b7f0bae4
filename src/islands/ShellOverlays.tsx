import { useStore } from '@nanostores/react';
import { $feedbackDialog, closeFeedbackDialog } from '../client/stores/feedback-dialog';
import { $toasts } from '../client/stores/toasts';
import { loadOnce, useLoadedWhen } from '../client/ui/deferred-control';
import { IslandRoot } from '../client/ui/island-root';

const loadToastViewport = loadOnce(() => import('../client/ui/toast').then((module) => module.ToastViewport));
const loadFeedbackDialog = loadOnce(() =>
  import('../client/features/support/feedback-dialog').then((module) => module.FeedbackDialog),
);

/**
 * Radix Toast loads with the page's first toast, not before (decision 064); until then there is
 * nothing to announce or jump to with F8. Toasts added meanwhile wait in the store, and each new
 * one retries a failed download (a failure cannot be told by toast).
 */
function LazyToastViewport() {
  const toasts = useStore($toasts, { ssr: 'initial' });
  const Viewport = useLoadedWhen(toasts.length > 0, loadToastViewport, { retryKey: toasts });
  return Viewport ? <Viewport /> : null;
}

/**
 * The dialog's form, Radix Dialog and Select load the first time something opens it (the help
 * menu, the Support page), not with every page (decision 064).
 */
function LazyFeedbackDialog() {
  const state = useStore($feedbackDialog, { ssr: 'initial' });
  const Content = useLoadedWhen(state.open, loadFeedbackDialog, {
    failure: "Couldn't load the feedback form. Check your connection and try again.",
    // Closed again, so the next attempt to open it retries the download.
    onFailed: closeFeedbackDialog,
  });
  return Content ? <Content /> : null;
}

/**
 * The toasts and the feedback dialog: one island rather than two, so a signed-in page fetches
 * one file fewer (decision 070). It draws nothing until the store asks for either.
 */
export default function ShellOverlays() {
  return (
    <IslandRoot>
      <LazyToastViewport />
      <LazyFeedbackDialog />
    </IslandRoot>
  );
}
