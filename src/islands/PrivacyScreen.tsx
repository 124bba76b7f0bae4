import { PrivacyView } from '../client/features/privacy/privacy-view';
import { IslandRoot } from '../client/ui/island-root';

export default function PrivacyScreen() {
  return (
    <IslandRoot>
      <PrivacyView />
    </IslandRoot>
  );
}
