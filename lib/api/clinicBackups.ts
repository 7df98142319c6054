import type { BackupsOverview } from '@/lib/schemas/backups';

/**
 * The administrators' backups (issue #39): GET /api/clinic/backups. A silent call (no toast): the
 * page shows its own loading and failure texts. The HTTP client loads on the first call.
 */
export async function getBackups(signal?: AbortSignal): Promise<BackupsOverview> {
  const { api } = await import('./client');
  const { data } = await api.get<BackupsOverview>('/api/clinic/backups', { signal, silent: true });
  return data;
}
