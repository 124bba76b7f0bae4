import { FeedbackHistory } from '../client/features/support/feedback-history';
import { SupportCards } from '../client/features/support/support-cards';
import { IslandRoot } from '../client/ui/island-root';

export default function SupportScreen() {
  return (
    <IslandRoot>
      <div className="grid gap-6">
        <SupportCards />
        <FeedbackHistory />
      </div>
    </IslandRoot>
  );
}
