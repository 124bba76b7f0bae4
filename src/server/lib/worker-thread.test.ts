import { describe, expect, test } from 'bun:test';
import { HttpError } from './errors.ts';
import { hasThreads, reviveError, serialiseError, startThread } from './worker-thread.ts';

/** A thread whose entry is `source` (a module), for tests that need one of their own. */
const entryOf = (source: string) =>
  new URL(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));

/** Resolves with the first message or crash of a thread started on `source`. */
function firstEvent(source: string, message: unknown) {
  return new Promise<{ message?: unknown; crash?: Error }>((resolve) => {
    const thread = startThread<unknown, unknown>(entryOf(source), {
      onMessage: (reply) => {
        thread.stop();
        resolve({ message: reply });
      },
      onCrash: (crash) => resolve({ crash }),
    });
    thread.post(message);
  });
}

class RenderRefusal extends Error {
  override readonly name = 'RenderRefusal';
}

describe('errors across the thread boundary', () => {
  test('a refusal comes back as the HttpError the route answers with: status, code and details', () => {
    const sent = new HttpError(422, '3 rows have problems', 'import_rows_invalid', { errorCount: 3 });
    const revived = reviveError(structuredClone(serialiseError(sent)));
    expect(revived).toBeInstanceOf(HttpError);
    expect(revived).toMatchObject({
      status: 422,
      message: '3 rows have problems',
      code: 'import_rows_invalid',
      details: { errorCount: 3 },
    });
  });

  test('a class the caller knows comes back as that class; any other keeps its name, message and stack', () => {
    const known = reviveError(serialiseError(new RenderRefusal('Add your LEI')), { RenderRefusal });
    expect(known).toBeInstanceOf(RenderRefusal);
    expect(known.message).toBe('Add your LEI');

    const thrown = new TypeError('x is not a function');
    const other = reviveError(serialiseError(thrown), { RenderRefusal });
    expect(other).not.toBeInstanceOf(RenderRefusal);
    expect(other).toMatchObject({ name: 'TypeError', message: 'x is not a function', stack: thrown.stack });
  });

  test('a thrown value that is not an Error crosses as its text', () => {
    expect(reviveError(serialiseError('disk full'))).toMatchObject({ name: 'Error', message: 'disk full' });
  });
});

describe.skipIf(!hasThreads())('startThread', () => {
  test('runs its entry on a thread that answers messages', async () => {
    const event = await firstEvent('self.onmessage = ({ data }) => postMessage(data * 2);', 21);
    expect(event).toEqual({ message: 42 });
  });

  test('a thread that throws outside any handler is reported as a crash, with its message', async () => {
    const event = await firstEvent('self.onmessage = () => { throw new Error("no such file"); };', 1);
    expect(event.crash).toBeInstanceOf(Error);
    expect(event.crash?.message).toContain('no such file');
  });
});
