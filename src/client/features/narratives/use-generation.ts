import { type Dispatch, type SetStateAction, useRef } from 'react';
import type { NarrativeFramework, NarrativeSection } from '../../../domain/contracts/narratives';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { GenerationStreamError, useGenerateNarrative } from './api';
import type { EditorTarget } from './editor-target';
import { generatedToastText } from './narratives';

/**
 * 'Generate with AI': opens the editor at once and streams the draft into it, then hands the
 * finished draft over for review (unsaved). Closing the editor stops the stream.
 */
export function useGeneration(setEditor: Dispatch<SetStateAction<EditorTarget | null>>) {
  const generate = useGenerateNarrative();
  const running = useRef<AbortController | null>(null);

  const start = (section: NarrativeSection, framework: NarrativeFramework) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setEditor({ kind: 'generating', section, framework, text: '' });
    const onText = (text: string) => {
      if (running.current !== controller) return;
      setEditor((editor) =>
        editor?.kind === 'generating' ? { ...editor, text: editor.text + text } : editor,
      );
    };
    generate.mutate(
      { section, framework, onText, signal: controller.signal },
      {
        onSuccess: (generated) => {
          if (running.current !== controller) return;
          running.current = null;
          setEditor({ kind: 'new', section, framework, generated });
          toastSuccess(generatedToastText(generated.writer), 'Narrative Generated');
          trackEvent('narrative_generated', { section });
        },
        onError: (error) => {
          if (running.current !== controller) return;
          running.current = null;
          setEditor(null);
          // A lost session has its own toast and redirect (query client).
          if (isUnauthorizedError(error)) return;
          toastError(
            error instanceof GenerationStreamError
              ? `Failed to generate narrative: ${error.message}`
              : 'Failed to generate narrative',
          );
        },
      },
    );
  };

  /** Stops a running generation (the editor was closed); nothing is toasted. */
  const stop = () => {
    running.current?.abort();
    running.current = null;
  };

  return { start, stop, isGenerating: generate.isPending };
}
