/**
 * The retention periods (issue #30) as the privacy policy states them (issue #38): one place for
 * their variables, bounds and defaults, read by the server's configuration (lib/server/config.ts)
 * and by next.config.ts. The policy is prerendered, so it states the periods the build saw; the
 * build records them (BUILD_RETENTION) and the start warns when the server runs with others.
 */

export const RETENTION_VARIABLES = {
  RETENTION_CLINICAL_YEARS: { min: 1, max: 100, fallback: 10 },
  RETENTION_MINOR_AGE: { min: 0, max: 25, fallback: 18 },
  RETENTION_FINANCIAL_YEARS: { min: 1, max: 100, fallback: 6 },
  RETENTION_CONTACT_YEARS: { min: 1, max: 100, fallback: 2 },
} as const;

export type RetentionVariable = keyof typeof RETENTION_VARIABLES;
export type RetentionPeriods = Record<RetentionVariable, number>;

/** The periods an environment sets: a value out of bounds counts as unset (the server's configuration refuses it at start). */
export function retentionPeriodsOf(env: Record<string, string | undefined>): RetentionPeriods {
  const periods = {} as RetentionPeriods;
  for (const [name, { min, max, fallback }] of Object.entries(RETENTION_VARIABLES) as [RetentionVariable, (typeof RETENTION_VARIABLES)[RetentionVariable]][]) {
    const raw = env[name]?.trim() ?? '';
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    periods[name] = value >= min && value <= max ? value : fallback;
  }
  return periods;
}

/**
 * What the start says when the prerendered policy states other periods than the server keeps
 * (`built`: the build's record, JSON; absent: nothing to compare), or null.
 */
export function retentionMismatch(built: string | undefined, running: RetentionPeriods): string | null {
  if (!built) return null;
  const stated = JSON.parse(built) as RetentionPeriods;
  const differ = (Object.keys(RETENTION_VARIABLES) as RetentionVariable[]).filter((name) => stated[name] !== running[name]);
  if (differ.length === 0) return null;
  return (
    `[startup] WARNING: the privacy policy was built stating ${differ.map((name) => `${name}=${stated[name]}`).join(', ')}, ` +
    `but the server keeps records with ${differ.map((name) => `${name}=${running[name]}`).join(', ')}. ` +
    'Rebuild with the same settings (npm run build), then start again.'
  );
}
