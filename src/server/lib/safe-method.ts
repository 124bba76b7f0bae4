/** HTTP's safe methods (RFC 9110 §9.2.1): a call with one of them changes nothing on the server. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
