import { IslandRoot } from '../client/ui/island-root';
import { ToastViewport } from '../client/ui/toast';

export default function Toaster() {
  return (
    <IslandRoot>
      <ToastViewport />
    </IslandRoot>
  );
}
