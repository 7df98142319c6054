import type { ServerDraft, StepValues } from '@/lib/schemas/intake/layout';

/**
 * The intake form's calls. All silent (no toasts): the form shows every outcome in the page.
 * The HTTP client loads on the first call, so the form's first paint does not wait for it.
 */
async function http() {
  return (await import('./client')).api;
}

/** POST /api/intake; resolves with the submission's id and the server's thank-you text. */
/** What the form sends: every step's values as typed (the server validates them all again). */
export interface IntakeSubmissionBody {
  answers: Record<string, StepValues>;
  consent: { accepted: boolean; version: string };
}

export async function submitIntake(body: IntakeSubmissionBody): Promise<{ id: string; message: string | null }> {
  const { data } = await (await http()).post<{ id: string; messages?: Array<{ message?: unknown }> }>('/api/intake', body, {
    silent: true,
  });
  const first = data.messages?.[0]?.message;
  return { id: data.id, message: typeof first === 'string' ? first : null };
}

/** The signed-in user's draft kept by the server, or null. */
export async function fetchServerDraft(): Promise<ServerDraft | null> {
  const { data } = await (await http()).get<{ draft: ServerDraft | null }>('/api/intake/draft', { silent: true });
  return data.draft;
}

export async function saveServerDraft(draft: ServerDraft): Promise<void> {
  await (await http()).put('/api/intake/draft', draft, { silent: true });
}

export async function deleteServerDraft(): Promise<void> {
  await (await http()).delete('/api/intake/draft', { silent: true });
}
