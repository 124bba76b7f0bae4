// Test helpers: byte streams from strings with chosen chunking, and draining an import.
import { type ImportedLine, type ImportSummary, type ReadImportOptions, readImport } from './import-plan.ts';

const encoder = new TextEncoder();

/** A byte stream of `input`, cut into chunks of `chunkSize` bytes (1 = byte by byte). */
export function streamOf(input: string | Uint8Array, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** Run readImport to the end, keeping the batches. */
export async function drainImport(
  stream: ReadableStream<Uint8Array>,
  options: ReadImportOptions = {},
): Promise<{ batches: ImportedLine[][]; lines: ImportedLine[]; summary: ImportSummary }> {
  const batches: ImportedLine[][] = [];
  const generator = readImport(stream, options);
  for (;;) {
    const step = await generator.next();
    if (step.done) return { batches, lines: batches.flat(), summary: step.value };
    batches.push(step.value);
  }
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
