// The Shopify store name prompt's value (spec §5: the store name without .myshopify.com), apart
// from connect.ts so that only the prompt, which loads with the connect dialog, carries it.
import type { FormCheck } from '../../forms/checked-form-schema';

export const STORE_NAME_MESSAGE =
  'Enter the store name from your-store.myshopify.com: lowercase letters, digits and hyphens';

/**
 * The store name the server expects (spec §5: without .myshopify.com) from what people paste:
 * surrounding spaces, capitals, https://, the .myshopify.com suffix and a trailing path go.
 * Returns null when what is left is not a store name.
 */
export function normalizeStoreName(input: string): string | null {
  const name = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.myshopify\.com$/, '');
  return /^[a-z0-9][a-z0-9-]{0,59}$/.test(name) ? name : null;
}

/**
 * The store name prompt's check (decision 071: a typed value keeps its pure check). No contract
 * in src/domain/contracts covers it: the store name goes in the connect URL's query, and the
 * server checks it with the same pattern (shopify-oauth.ts `shopDomainFromName`).
 */
export const storeNameCheck: FormCheck<{ store: string }, { store: string }> = ({ store }) => {
  const name = normalizeStoreName(store);
  return name ? { ok: true, payload: { store: name } } : { ok: false, errors: { store: STORE_NAME_MESSAGE } };
};
