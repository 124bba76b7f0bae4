import { describe, expect, test } from 'bun:test';
import { createSseParser } from './sse';

describe('createSseParser', () => {
  test('reads named events with JSON data, dispatched by a blank line', () => {
    const parser = createSseParser();
    const events = parser.push(
      'event: delta\ndata: {"text":"Hello"}\n\nevent: done\ndata: {"content":"Hello"}\n\n',
    );
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"Hello"}' },
      { event: 'done', data: '{"content":"Hello"}' },
    ]);
  });

  test('joins an event split across chunks at any point', () => {
    const text = 'event: delta\ndata: {"text":"We cut emissions"}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const parser = createSseParser();
      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(events).toEqual([{ event: 'delta', data: '{"text":"We cut emissions"}' }]);
    }
  });

  test('accepts CRLF and lone CR line endings, including CRLF split between chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: delta\r\ndata: a\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'delta', data: 'a' }]);
    expect(parser.push('data: b\r\r')).toEqual([{ event: 'message', data: 'b' }]);
  });

  test('joins several data lines with a line feed and defaults the event name to message', () => {
    const parser = createSseParser();
    expect(parser.push('data: first\ndata: second\n\n')).toEqual([
      { event: 'message', data: 'first\nsecond' },
    ]);
  });

  test('ignores comments, id and retry fields, and blank lines with no data', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\n\nid: 7\nretry: 1000\n\n')).toEqual([]);
    expect(parser.push('event: error\nid: 8\ndata: {"message":"No"}\n\n')).toEqual([
      { event: 'error', data: '{"message":"No"}' },
    ]);
  });

  test('keeps spaces after the first one following the colon, and a field with no colon', () => {
    const parser = createSseParser();
    expect(parser.push('data:  two spaces\n\ndata\n\n')).toEqual([
      { event: 'message', data: ' two spaces' },
      { event: 'message', data: '' },
    ]);
  });

  test('never returns an event whose closing blank line has not arrived', () => {
    const parser = createSseParser();
    expect(parser.push('event: done\ndata: {"content":"x"}\n')).toEqual([]);
  });

  test('resets the event name after each dispatch', () => {
    const parser = createSseParser();
    expect(parser.push('event: delta\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'delta', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });
});
