/**
 * The fuzz test's only source of chance: mulberry32, a 32-bit seeded generator (Tommy Ettinger's
 * public-domain function), so a failing run repeats exactly with `FUZZ_SEED=<seed>`.
 */
export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A version-4-shaped UUID drawn from this generator (not crypto.randomUUID: it must repeat). */
  uuid(): string;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number) => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`,
  };
}

/** The seed of this run: `FUZZ_SEED` when set (to replay a failure), else a fixed one. */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 190_019;
}
