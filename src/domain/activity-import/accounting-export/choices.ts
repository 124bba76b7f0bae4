// Every target an account can map to, in the words the mapping table shows (no internal keys).
import { SPEND_VARIANTS } from '../../connectors/account-mapping.ts';
import {
  type AccountTarget,
  isQuantityCategory,
  isSpendVariant,
  QUANTITY_CATEGORIES,
  QUANTITY_CATEGORY_LABELS,
} from './account-targets.ts';

export interface AccountChoice {
  category: string;
  variant: string | null;
  label: string;
}

export const LEAVE_OUT_LABEL = 'Leave out (not a purchase)';

/**
 * The spend choices are the connectors' own (SPEND_VARIANTS: spend categories, then travel and
 * freight by EPA NAICS code), so an account maps to the same targets on both paths (decision 086).
 */
export const ACCOUNT_CHOICES: readonly AccountChoice[] = [
  ...SPEND_VARIANTS.filter((spend) => !spend.legacy).map((spend) => ({
    category: 'purchased_goods',
    variant: spend.variant,
    label: `Spend: ${spend.label}`,
  })),
  ...QUANTITY_CATEGORIES.map((category) => ({
    category,
    variant: null,
    label: QUANTITY_CATEGORY_LABELS[category],
  })),
  { category: 'ignore', variant: null, label: LEAVE_OUT_LABEL },
];

/** A target as given (by the person or a stored row), checked; null when it is not one of the choices. */
export function toAccountTarget(input: { category: string; variant: string | null }): AccountTarget | null {
  if (input.category === 'ignore') return { category: 'ignore', variant: null };
  if (input.category === 'purchased_goods') {
    return input.variant && isSpendVariant(input.variant)
      ? { category: 'purchased_goods', variant: input.variant }
      : null;
  }
  return isQuantityCategory(input.category) ? { category: input.category, variant: null } : null;
}
