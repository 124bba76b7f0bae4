import { useStore } from '@nanostores/react';
import { $feedbackDialog, closeFeedbackDialog } from '../client/stores/feedback-dialog';
import { loadOnce, useLoadedWhen } from '../client/ui/deferred-control';
import { IslandRoot } from '../client/ui/island-root';

const loadFeedbackDialog = loadOnce(() =>
  import('../client/features/support/feedback-dialog').then((module) => module.FeedbackDialog),
);

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

export default function FeedbackDialog() {
  return (
    <IslandRoot>
      <LazyFeedbackDialog />
    </IslandRoot>
  );
}
