import { describe, expect, test } from 'bun:test';
import { joinChunks, splitIntoChunks, streamChunks } from './chunked-bytes.ts';

describe('chunked bytes', () => {
  test('split then join gives the same bytes; an empty file is one empty chunk', () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => i);
    const chunks = splitIntoChunks(bytes, 4);
    expect(chunks.map((chunk) => chunk.length)).toEqual([4, 4, 2]);
    expect(joinChunks(chunks)).toEqual(bytes);
    expect(splitIntoChunks(new Uint8Array(0), 4)).toEqual([new Uint8Array(0)]);
  });

  test('the stream reads chunks in order until none is left', async () => {
    const chunks = splitIntoChunks(
      Uint8Array.from({ length: 9 }, (_, i) => i),
      4,
    );
    const asked: number[] = [];
    const stream = streamChunks(async (seq) => {
      asked.push(seq);
      return chunks[seq];
    });
    const read = new Uint8Array(await new Response(stream).arrayBuffer());
    expect(Array.from(read)).toEqual(Array.from(joinChunks(chunks)));
    expect(asked).toEqual([0, 1, 2, 3]);
  });
});
