/** SPEC §4: first check about 1 s after the app is ready, then hourly. */
export const FIRST_BUILD_CHECK_MS = 1_000;
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

/** The build this bundle was compiled in (inlined by next.config.ts). */
export const currentBuildId = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';

/** True when a failure is the bundler's "a chunk could not be loaded" (usually after a deploy). */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    (typeof message === 'string' && /Loading (CSS )?chunk [\w/.-]+ failed|Failed to load chunk/i.test(message))
  );
}
