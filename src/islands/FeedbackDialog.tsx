import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect, useState } from 'react';
import { $feedbackDialog, closeFeedbackDialog } from '../client/stores/feedback-dialog';
import { toastError } from '../client/stores/toasts';
import { IslandRoot } from '../client/ui/island-root';

/**
 * The dialog's form, Radix Dialog and Select load the first time something opens it (the help
 * menu, the Support page), not with every page (decision 064).
 */
function LazyFeedbackDialog() {
  const isOpen = useStore($feedbackDialog, { ssr: 'initial' }).open;
  const [Content, setContent] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!isOpen || Content) return;
    import('../client/features/support/feedback-dialog').then(
      (module) => setContent(() => module.FeedbackDialog),
      () => {
        // Closed again, so the next attempt to open it retries the download.
        closeFeedbackDialog();
        toastError("Couldn't load the feedback form. Check your connection and try again.");
      },
    );
  }, [isOpen, Content]);
  return Content ? <Content /> : null;
}

export default function FeedbackDialog() {
  return (
    <IslandRoot>
      <LazyFeedbackDialog />
    </IslandRoot>
  );
}
