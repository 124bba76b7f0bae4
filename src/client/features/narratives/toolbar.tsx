import { useId } from 'react';
import type { NarrativeFramework, NarrativeSection } from '../../../domain/contracts/narratives';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { PermissionNote } from '../../ui/permission-note';
import { SelectField } from '../../ui/select-field';
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
      <SelectField
        id={`${id}-framework`}
        label="Framework"
        value={framework}
        options={FRAMEWORK_OPTIONS}
        onValueChange={onFrameworkChange}
      />
      <SelectField
        id={`${id}-section`}
        label="Section"
        value={section}
        options={SECTION_OPTIONS}
        onValueChange={onSectionChange}
      />
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
