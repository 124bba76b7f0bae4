/**
 * A small parser for `text/event-stream` (WHATWG HTML §9.2 "Server-sent events", the parsing
 * rules only): lines end in LF, CR or CRLF; `event:` names the event (default 'message'), each
 * `data:` adds a line to its data; a blank line dispatches; lines starting ':' are comments; one
 * space after the colon is dropped. Fed text as it arrives, so an event may span many chunks.
 */

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /**
   * Adds a chunk of decoded text; returns the events it completed. At the end of the stream an
   * event without its closing blank line is simply never returned, as the standard says.
   */
  push(chunk: string): SseEvent[];
}

export function createSseParser(): SseParser {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  let hasData = false;
  // A chunk that ends in CR may be the first half of CRLF: skip an LF that starts the next chunk.
  let skipLeadingLf = false;

  const dispatch = (events: SseEvent[]) => {
    if (hasData) events.push({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
    hasData = false;
  };

  const readLine = (line: string, events: SseEvent[]) => {
    if (line === '') {
      dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      dataLines.push(value);
      hasData = true;
    }
    // 'id' and 'retry' matter for EventSource reconnection only; a fetch reader has none.
  };

  return {
    push(chunk) {
      const events: SseEvent[] = [];
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        readLine(buffer.slice(start, index), events);
        if (char === '\r') {
          if (index + 1 < buffer.length) {
            if (buffer[index + 1] === '\n') index += 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
      return events;
    },
  };
}
