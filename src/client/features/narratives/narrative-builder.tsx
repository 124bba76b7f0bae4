import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Narrative, NarrativeFramework, NarrativeSection } from '../../../domain/contracts/narratives';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { $currentUser } from '../../stores/user';
import { useNarratives, useUpdateNarrative } from './api';
import { EditorDialog } from './editor-dialog';
import type { EditorTarget } from './editor-target';
import { NarrativeList } from './narrative-list';
import { defaultNarrativeFramework, failureText, sectionLabel } from './narratives';
import { Toolbar } from './toolbar';
import { useGeneration } from './use-generation';
import { VersionsDialog } from './versions-dialog';
import { WritingTips } from './writing-tips';

/** spec §2 Narrative Builder: toolbar, the chosen section's cards, tips, the editor and versions. */
export function NarrativeBuilder() {
  // spec §9 defaults executive_summary; the framework follows the company's regime until the person
  // picks one (GRI while none is known; decision 060).
  const session = useStore($currentUser, { ssr: 'initial' });
  const jurisdiction = session.status === 'authenticated' ? session.user.jurisdiction : null;
  const [chosenFramework, setFramework] = useState<NarrativeFramework | null>(null);
  const framework = chosenFramework ?? defaultNarrativeFramework(jurisdiction ?? null);
  const [section, setSection] = useState<NarrativeSection>('executive_summary');
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [versionsId, setVersionsId] = useState<string | null>(null);
  const narratives = useNarratives(section);
  const approve = useUpdateNarrative();
  const generation = useGeneration(setEditor);
  const canEdit = useCan('narratives.edit');
  // Looked up by id so the dialog follows the list after a restore refreshes it.
  const versionsOf = narratives.data?.find((narrative) => narrative.id === versionsId) ?? null;

  const approveCard = (narrative: Narrative) =>
    approve.mutate(
      { id: narrative.id, changes: { status: 'approved' } },
      {
        onSuccess: () => toastSuccess('Narrative updated successfully'),
        onError: (error) => {
          if (!isUnauthorizedError(error)) toastError(failureText('Failed to update narrative', error));
        },
      },
    );

  const closeEditor = () => {
    generation.stop();
    setEditor(null);
  };

  return (
    <div className="grid gap-6">
      <Toolbar
        framework={framework}
        onFrameworkChange={setFramework}
        section={section}
        onSectionChange={setSection}
        isGenerating={generation.isGenerating}
        onGenerate={() => generation.start(section, framework)}
        onWrite={() => setEditor({ kind: 'new', section, framework, generated: null })}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="narratives-title" className="grid content-start gap-4">
          <h2 id="narratives-title" className="text-lg font-semibold text-ink">
            {sectionLabel(section)}
          </h2>
          <NarrativeList
            section={section}
            query={narratives}
            approvingId={approve.isPending ? (approve.variables?.id ?? null) : null}
            onEdit={canEdit ? (narrative) => setEditor({ kind: 'existing', narrative }) : undefined}
            onApprove={canEdit ? approveCard : undefined}
            onShowVersions={(narrative) => setVersionsId(narrative.id)}
          />
        </section>
        <WritingTips />
      </div>
      <EditorDialog target={editor} onClose={closeEditor} />
      <VersionsDialog narrative={versionsOf} onClose={() => setVersionsId(null)} />
    </div>
  );
}
