import { buttonClasses } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { InfoIcon } from '../../ui/icons';
import { ABOUT_LABEL } from './help-menu-face';
import { PRODUCT_NAME, PRODUCT_VERSION } from './links';

/** Loaded by the header's placeholder on first use (help-menu-trigger.tsx), hence `defaultOpen`. */
export function AboutDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger className={buttonClasses('ghost', 'icon')} aria-label={ABOUT_LABEL}>
        <InfoIcon />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>About {PRODUCT_NAME}</DialogTitle>
          <DialogDescription>ESG and carbon reporting for small and medium businesses.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Version</dt>
          <dd className="text-ink">{PRODUCT_VERSION}</dd>
        </dl>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <li>
              <a
                className="text-brand-700 underline underline-offset-4 hover:text-brand-800"
                href="/terms-of-service"
              >
                Terms of Service
              </a>
            </li>
            <li>
              <a
                className="text-brand-700 underline underline-offset-4 hover:text-brand-800"
                href="/privacy-policy"
              >
                Privacy Policy
              </a>
            </li>
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
