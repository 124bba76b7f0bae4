import { NarrativeBuilder } from '../client/features/narratives/narrative-builder';
import { IslandRoot } from '../client/ui/island-root';

export default function NarrativeBuilderScreen() {
  return (
    <IslandRoot>
      <NarrativeBuilder />
    </IslandRoot>
  );
}
