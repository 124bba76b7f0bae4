/** `application/json` or `application/<x>+json`, with or without parameters (`; charset=utf-8`). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Whether a response's Content-Type header says JSON (what the compression and header rules key on). */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && JSON_TYPE.test(contentType);
}
