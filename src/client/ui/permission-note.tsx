import type { Action } from '../../domain/account/permissions';
import { usePermissionNote } from '../lib/permissions';
import { cn } from './cn';

/**
 * Says why a control is missing ("Viewers can read but not change data."), where it would be;
 * renders nothing for a role that may act, or before the user has loaded.
 */
export function PermissionNote({ action, className }: { action: Action; className?: string }) {
  const note = usePermissionNote(action);
  if (!note) return null;
  return <p className={cn('text-sm text-muted', className)}>{note}</p>;
}
