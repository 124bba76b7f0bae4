/**
 * A value built the first time it is asked for, not when its module loads, then kept. For Intl
 * formatters: the first one a page builds loads the browser's locale data, the dearest step of
 * formatting on a slow phone, so a module that only might format (a panel below the first screen,
 * a card shown only with due requests) should not build one on every page's first load
 * (decision 082). `build` must not return null or undefined.
 */
export function builtOnFirstUse<T extends object>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
