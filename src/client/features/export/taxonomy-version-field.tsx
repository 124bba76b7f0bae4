import { useId } from 'react';
import {
  VSME_DEFAULT_VERSION_REASON,
  VSME_TAXONOMY_VERSIONS,
  type VsmeTaxonomyVersionChoice,
} from '../../../domain/contracts/export';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';

export interface TaxonomyVersionFieldProps {
  value: VsmeTaxonomyVersionChoice;
  onValueChange: (value: VsmeTaxonomyVersionChoice) => void;
}

/** The EFRAG VSME taxonomy version a CSRD XBRL report is tagged with, and why the default is the default. */
export function TaxonomyVersionField({ value, onValueChange }: TaxonomyVersionFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:max-w-xs">
      <Label htmlFor={`${id}-version`}>VSME taxonomy version</Label>
      <Select value={value} onValueChange={(next) => onValueChange(next as VsmeTaxonomyVersionChoice)}>
        <SelectTrigger id={`${id}-version`} aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {[...VSME_TAXONOMY_VERSIONS].reverse().map((version) => (
            <SelectItem key={version} value={version}>
              {version}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {VSME_DEFAULT_VERSION_REASON}
      </p>
    </div>
  );
}
