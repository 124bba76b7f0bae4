import { FeedbackDialog as FeedbackDialogContent } from '../client/features/support/feedback-dialog';
import { IslandRoot } from '../client/ui/island-root';

export default function FeedbackDialog() {
  return (
    <IslandRoot>
      <FeedbackDialogContent />
    </IslandRoot>
  );
}
