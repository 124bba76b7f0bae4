import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { handleSessionLoss } from '../client/lib/session-loss';
import { $currentUser } from '../client/stores/user';

/**
 * spec §2: on every signed-in page, a visitor found unauthenticated after loading sees the
 * 'Unauthorized' toast and is sent to /api/login 500 ms later. Subscribing starts the user fetch.
 */
export default function SessionGuard() {
  const session = useStore($currentUser, { ssr: 'initial' });
  useEffect(() => {
    if (session.status === 'unauthenticated') handleSessionLoss();
  }, [session.status]);
  return null;
}
