// How the server waits (decisions 072 and 085). The time of day is injected where it is read
// (`ctx.now`, a connector session's `now`); waits between retries (a provider's 429, the settle
// before a lost token race is judged final) go through `waits.sleep` here, so that tests record them
// instead of spending them. A module seam because the app is built once per test file and the job
// runner hands its handlers no sleep of their own: this is the one place a test can reach.

export const waits = {
  /** Waits `ms` milliseconds (tests/helpers/waits.ts records the wait and returns at once). */
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};
