// Deterministic zips: fixed entry order and timestamps from the snapshot, never the clock.
import { zipSync } from 'fflate';

/**
 * ZIP stores DOS local time and fflate reads the Date's local fields, so a Date built from the
 * UTC fields of `iso` writes the same bytes in every time zone.
 */
function zipTime(iso: string): Date {
  const instant = new Date(iso);
  return new Date(
    instant.getUTCFullYear(),
    instant.getUTCMonth(),
    instant.getUTCDate(),
    instant.getUTCHours(),
    instant.getUTCMinutes(),
    instant.getUTCSeconds(),
  );
}

export function deterministicZip(
  entries: [path: string, bytes: Uint8Array][],
  generatedAt: string,
): Uint8Array {
  const mtime = zipTime(generatedAt);
  const files: Record<string, [Uint8Array, { mtime: Date; level: 6 }]> = {};
  for (const [path, bytes] of entries) files[path] = [bytes, { mtime, level: 6 }];
  return zipSync(files);
}
