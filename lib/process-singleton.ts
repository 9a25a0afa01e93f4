import 'server-only';

/*
 * One value per server process, whichever bundle asks. Next.js loads a module once per bundle (the proxy,
 * each route, each page), so module-level state is per bundle: a limiter kept in a module variable, or
 * rebuilt whenever a bundle sees "its" copy of the settings, counts a visitor from zero again in every other
 * bundle. Here the value lives on globalThis under `Symbol.for('rental.<name>')`, the same key in every
 * bundle, and is made once.
 *
 * `version` is for values made from the settings: they are made again when the settings are reloaded
 * (tests do; a running server never does), and the version is itself process-wide, so no bundle's own
 * copy of anything can trigger a rebuild.
 *
 * scripts/serve.mjs, which runs outside the bundles, reads one value by the same key and shape
 * (the request context): keep `Held` as it is.
 */

interface Held<T> {
  version: number;
  value: T;
}

type Store = typeof globalThis & Record<symbol, Held<unknown> | undefined>;

const keyOf = (name: string) => Symbol.for(`rental.${name}`);

export function processSingleton<T>(name: string, create: () => T, version = 0): T {
  const g = globalThis as Store;
  const key = keyOf(name);
  const held = g[key];
  if (held && held.version === version) return held.value as T;
  const value = create();
  g[key] = { version, value };
  return value;
}

/** Replaces the process's value (tests install an in-memory database this way). */
export function setProcessSingleton<T>(name: string, value: T, version = 0): void {
  (globalThis as Store)[keyOf(name)] = { version, value };
}

/** The process's value if one was made, without making it. */
export function peekProcessSingleton<T>(name: string): T | undefined {
  return (globalThis as Store)[keyOf(name)]?.value as T | undefined;
}

/** Forgets the process's value: the next `processSingleton` call makes a new one. */
export function forgetProcessSingleton(name: string): void {
  (globalThis as Store)[keyOf(name)] = undefined;
}
