import type { ComponentProps } from 'react';
import type { Site } from '../../../domain/contracts/ledger';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';

/** The site chooser of a ledger line ("Bristol bakery (GB)"), shared by the line and receipt forms. */
export function SiteSelect({
  id,
  value,
  sites,
  onChange,
  ...triggerProps
}: {
  id: string;
  value: string;
  sites: readonly Site[];
  onChange: (siteId: string) => void;
} & Omit<ComponentProps<typeof SelectTrigger>, 'id' | 'onChange'>) {
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger id={id} aria-required="true" {...triggerProps}>
        <SelectValue placeholder="Choose a site" />
      </SelectTrigger>
      <SelectContent>
        {sites.map((site) => (
          <SelectItem key={site.id} value={site.id}>
            {site.name} ({site.country})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
