// Files kept in the database as rows of at most 1 MiB each: D1 refuses a row or BLOB above about
// 2 MB, and libSQL has no such limit, so one layout serves both (decision 010). Each feature keeps
// its own chunk table (tenant column, cascade from its owner row); this module is the arithmetic.

/** 1 MiB per chunk row: half of D1's row limit, leaving room for the other columns. */
export const CHUNK_BYTES = 1024 * 1024;

/** The bytes cut into chunk-sized pieces, in order; an empty file is one empty chunk. */
export function splitIntoChunks(bytes: Uint8Array, size = CHUNK_BYTES): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length || chunks.length === 0; offset += size) {
    chunks.push(bytes.slice(offset, offset + size));
  }
  return chunks;
}

/** Chunks in order, joined into one buffer. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * A stream that reads chunk 0, 1, 2 … on demand until `readChunk` finds none: a download never
 * holds the whole file in memory.
 */
export function streamChunks(
  readChunk: (seq: number) => Promise<Uint8Array | undefined>,
): ReadableStream<Uint8Array> {
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await readChunk(seq);
      if (!chunk) {
        controller.close();
        return;
      }
      seq += 1;
      controller.enqueue(chunk);
    },
  });
}
