/**
 * Retries `assertion` until it passes, for a state that another process or thread reaches on its
 * own time (a browser frame, a timer in the code under test): the test waits for the state it
 * asserts, never for a length of time (CONVENTIONS.md §16a). Like Playwright's `expect().toPass()`:
 * the timeout only bounds a test that would otherwise hang, and the last failure is what is
 * reported. Browser tests prefer a Locator's own waits (`waitFor`, `page.waitForFunction`).
 */
export async function eventually(
  assertion: () => unknown,
  { timeout = 10_000 }: { timeout?: number } = {},
): Promise<void> {
  const deadline = performance.now() + timeout;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    // A short pause between looks so the polled state can move; not a wait for the state itself.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
