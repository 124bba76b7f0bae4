import { EsgWizard } from '../client/features/esg-wizard/esg-wizard';
import { IslandRoot } from '../client/ui/island-root';

export default function EsgWizardScreen() {
  return (
    <IslandRoot>
      <EsgWizard />
    </IslandRoot>
  );
}
