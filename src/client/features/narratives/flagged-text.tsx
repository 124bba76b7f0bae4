import type { UnsupportedNumber } from '../../../domain/contracts/narratives';
import { flagSegments } from './narratives';

/**
 * A narrative as plain text nodes (never HTML), with numbers that match no figure of the data
 * marked. The mark carries a hidden word for screen readers, which do not announce <mark>.
 */
export function FlaggedText({ content, flags }: { content: string; flags: UnsupportedNumber[] }) {
  let position = 0;
  return (
    <>
      {flagSegments(content, flags).map((segment) => {
        const key = position;
        position += segment.text.length;
        return segment.isFlagged ? (
          <mark key={key} className="rounded-sm bg-amber-200 px-0.5 text-amber-950 underline decoration-wavy">
            {segment.text}
            <span className="sr-only"> (unchecked number)</span>
          </mark>
        ) : (
          <span key={key}>{segment.text}</span>
        );
      })}
    </>
  );
}
