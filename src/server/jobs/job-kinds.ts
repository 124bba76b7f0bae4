// Every kind of background job, apart from the handler registry (handlers.ts), so code that
// enqueues or inspects jobs names a kind without importing every feature's handler (issue 21).

export const JOB_KINDS = [
  'report.generate',
  'filing.advance',
  'connector.sync',
  'audit.seal',
  'privacy.retention',
  'imports.discard-abandoned',
] as const;

export type JobKind = (typeof JOB_KINDS)[number];
