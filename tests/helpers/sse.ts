import { createSseParser } from '../../src/client/features/narratives/sse.ts';

/** The events of a whole `text/event-stream` body, read with the editor's own parser; data as JSON. */
export async function readSseEvents(response: Response) {
  const events = createSseParser().push(await response.text());
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON each event carried
  return events.map(({ event, data }) => ({ event, data: JSON.parse(data) as any }));
}
