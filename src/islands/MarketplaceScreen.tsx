import { MarketplaceView } from '../client/features/marketplace/marketplace-view';
import { IslandRoot } from '../client/ui/island-root';

export default function MarketplaceScreen() {
  return (
    <IslandRoot>
      <MarketplaceView />
    </IslandRoot>
  );
}
