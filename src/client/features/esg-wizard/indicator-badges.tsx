import type { EsgProgressItem } from '../../../domain/contracts/esg-wizard';
import { Badge } from '../../ui/badge';

/** The badges of an indicator, in its checklist row and at the top of its edit dialog. */
export function IndicatorBadges({ item }: { item: EsgProgressItem }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {item.isRequired ? <Badge tone="danger">Required</Badge> : null}
      {item.autoFilled ? <Badge tone="info">Auto-filled</Badge> : null}
      {item.overridden ? <Badge tone="warning">Overridden</Badge> : null}
      {item.module === 'comprehensive' ? <Badge tone="info">Comprehensive module</Badge> : null}
      <Badge>{item.category}</Badge>
    </div>
  );
}
