import type {
  GeneratedNarrative,
  Narrative,
  NarrativeFramework,
  NarrativeSection,
} from '../../../domain/contracts/narratives';

/** What the editor dialog shows. */
export type EditorTarget =
  /** An AI draft being streamed in; not editable yet. */
  | { kind: 'generating'; section: NarrativeSection; framework: NarrativeFramework; text: string }
  /** A text not saved yet: a finished AI draft (`generated`) or one written by hand (null). */
  | {
      kind: 'new';
      section: NarrativeSection;
      framework: NarrativeFramework;
      generated: GeneratedNarrative | null;
    }
  | { kind: 'existing'; narrative: Narrative };

export type EditableTarget = Exclude<EditorTarget, { kind: 'generating' }>;
