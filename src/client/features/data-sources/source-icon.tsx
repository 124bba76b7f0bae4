import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { Icon } from '../../ui/icons';

// Generic pictograms (not vendor logos): ledger book, shopping bag, factory, sheet, receipt.
const GLYPHS: Record<string, ReactNode> = {
  quickbooks: (
    <>
      <path d="M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H20v20H6.5a2.5 2.5 0 0 1 0-5H20" />
      <path d="M9 7h7M9 11h5" />
    </>
  ),
  xero: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </>
  ),
  shopify: (
    <>
      <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
      <path d="M3 6h18M16 10a4 4 0 0 1-8 0" />
    </>
  ),
  odoo: (
    <>
      <path d="M2 20V9l6 4V9l6 4V4h8v16z" />
      <path d="M17 17h1M12 17h1M7 17h1" />
    </>
  ),
  csv: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6M8 13h8M8 17h8M12 11v8" />
    </>
  ),
  receipt_ocr: (
    <>
      <path d="M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1z" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </>
  ),
};

/** The pictogram of a source type in a tinted square (decorative: the name is always written beside it). */
export function SourceIcon({ type, className }: { type: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700',
        className,
      )}
    >
      <Icon width={20} height={20}>
        {GLYPHS[type] ?? GLYPHS.csv}
      </Icon>
    </span>
  );
}
