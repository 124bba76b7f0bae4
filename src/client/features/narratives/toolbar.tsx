import { useId } from 'react';
import type { NarrativeFramework, NarrativeSection } from '../../../domain/contracts/narratives';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { FRAMEWORK_OPTIONS, SECTION_OPTIONS } from './narratives';

export interface ToolbarProps {
  framework: NarrativeFramework;
  onFrameworkChange: (framework: NarrativeFramework) => void;
  section: NarrativeSection;
  onSectionChange: (section: NarrativeSection) => void;
  isGenerating: boolean;
  onGenerate: () => void;
  onWrite: () => void;
}

/** spec §2: framework and section selects, 'Generate with AI'; plus writing a section by hand. */
export function Toolbar({
  framework,
  onFrameworkChange,
  section,
  onSectionChange,
  isGenerating,
  onGenerate,
  onWrite,
}: ToolbarProps) {
  const id = useId();
  const canEdit = useCan('narratives.edit');
  return (
    <div className="grid gap-4 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5 lg:grid-cols-[1fr_1fr_auto] lg:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-framework`}>Framework</Label>
        <Select value={framework} onValueChange={(value) => onFrameworkChange(value as NarrativeFramework)}>
          <SelectTrigger id={`${id}-framework`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FRAMEWORK_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-section`}>Section</Label>
        <Select value={section} onValueChange={(value) => onSectionChange(value as NarrativeSection)}>
          <SelectTrigger id={`${id}-section`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SECTION_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {canEdit ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={onWrite} disabled={isGenerating}>
            Write your own
          </Button>
          {/* spec §5: disabled while a generation runs. */}
          <Button onClick={onGenerate} disabled={isGenerating}>
            {isGenerating ? 'Generating…' : 'Generate with AI'}
          </Button>
        </div>
      ) : (
        <PermissionNote action="narratives.edit" className="lg:max-w-48" />
      )}
    </div>
  );
}
