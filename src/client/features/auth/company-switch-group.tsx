import { useId, useState } from 'react';
import type { CompanyMembership, Role } from '../../../domain/contracts/auth';
import {
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../ui/dropdown-menu';
import { useSwitchCompany } from './api';

const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

/**
 * The user menu's "Switch company" group (decision 031): the person's other companies with their
 * role there. Nothing at all for someone in one company. Choosing one keeps the menu open, marks
 * the choice "Switching…" and disables the others until the new page loads, or, on failure, the
 * error toast shows and the items work again.
 */
export function CompanySwitchGroup({ companies }: { companies: readonly CompanyMembership[] | undefined }) {
  const labelId = useId();
  const switchCompany = useSwitchCompany();
  const [target, setTarget] = useState<string | null>(null);
  const others = companies?.filter((company) => !company.isCurrent) ?? [];
  if (others.length === 0) return null;

  const choose = (companyId: string) => {
    setTarget(companyId);
    switchCompany.mutate(companyId, { onError: () => setTarget(null) });
  };

  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuGroup aria-labelledby={labelId} aria-busy={target !== null}>
        <DropdownMenuLabel id={labelId} className="text-xs font-semibold text-muted">
          Switch company
        </DropdownMenuLabel>
        {others.map((company) => (
          <DropdownMenuItem
            key={company.companyId}
            disabled={target !== null}
            // Radix closes the menu on select; it stays open so the busy state can be seen.
            onSelect={(event) => {
              event.preventDefault();
              choose(company.companyId);
            }}
          >
            <span className="min-w-0 flex-1 truncate">{company.companyName}</span>
            <span className="shrink-0 text-xs text-muted">
              {target === company.companyId ? 'Switching…' : ROLE_NAMES[company.role]}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuGroup>
    </>
  );
}
