import { z } from 'zod';
import { text } from './text.ts';

/**
 * POST /api/integrations/{quickbooks}/connect: starts an OAuth connection. The browser then
 * navigates to `authorizationUrl`; the provider sends it back to the callback, which lands on
 * /data-sources?connected=<type> or /data-sources?connect_error=<reason> (decision 024).
 */
export const OAuthConnectSchema = z.object({
  name: text('Name', { max: 100, maxMessage: 'Use at most 100 characters' })
    .min(1, 'Name is required')
    .optional(),
});
export type OAuthConnect = z.infer<typeof OAuthConnectSchema>;

export const OAuthConnectStartedSchema = z.object({ authorizationUrl: z.string() });
export type OAuthConnectStarted = z.infer<typeof OAuthConnectStartedSchema>;
