// Upload size limit. Whoever reads the upload enforces it while streaming (never trust Content-Length).

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export class ImportTooLargeError extends Error {
  override readonly name = 'ImportTooLargeError';
  readonly code = 'import_too_large';
  readonly maxBytes: number;
  constructor(maxBytes: number = MAX_IMPORT_BYTES) {
    super(
      maxBytes === MAX_IMPORT_BYTES
        ? 'The file is larger than 10 MB. Split it into smaller files.'
        : `The file is larger than ${formatSize(maxBytes)}. Split it into smaller files.`,
    );
    this.maxBytes = maxBytes;
  }
}

function formatSize(bytes: number): string {
  const round = (n: number) => (Number.isInteger(n) ? `${n}` : n.toFixed(1));
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * A pass-through that counts bytes and errors the stream with ImportTooLargeError as soon as more than
 * `maxBytes` have gone through (the reader's next read rejects with it). `onChunk` sees every chunk that
 * is let through, e.g. to hash the file as it streams.
 */
export function byteLimit(
  maxBytes: number = MAX_IMPORT_BYTES,
  onChunk?: (chunk: Uint8Array) => void,
): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new ImportTooLargeError(maxBytes);
      onChunk?.(chunk);
      controller.enqueue(chunk);
    },
  });
}

/** `stream` with the limit applied. */
export function limitBytes(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number = MAX_IMPORT_BYTES,
): ReadableStream<Uint8Array> {
  return stream.pipeThrough(byteLimit(maxBytes));
}
