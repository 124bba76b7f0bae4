import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { startUsageAnalytics } from '../client/lib/analytics';
import { $currentUser } from '../client/stores/user';

/**
 * Starts usage analytics (src/client/lib/analytics.ts) once the page knows who is there: for a
 * signed-in user, or, on a page without a sign-in redirect (spec §2: Analytics), for a visitor as
 * an anonymous session. A signed-in page found signed out is on its way to /api/login and records
 * nothing.
 */
export default function UsageAnalytics({ allowAnonymous = false }: { allowAnonymous?: boolean }) {
  const session = useStore($currentUser, { ssr: 'initial' });
  useEffect(() => {
    if (session.status === 'authenticated' || (allowAnonymous && session.status === 'unauthenticated')) {
      startUsageAnalytics();
    }
  }, [session.status, allowAnonymous]);
  return null;
}
