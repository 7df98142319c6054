import type { CalendarFeedStatus } from '@/lib/schemas/calendarFeed';

/**
 * The employee's calendar feed (issue #41): GET, POST, PUT and DELETE /api/clinic/calendar-feed.
 * Silent calls: the profile shows its own states and the server's sentence. Only POST's answer
 * holds the link (the server keeps its hash alone).
 */

type Said = { messages?: Array<{ message?: string }> };
const sentence = (data: Said) => data.messages?.[0]?.message ?? '';

export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  const { api } = await import('./client');
  const { data } = await api.get<{ feed: CalendarFeedStatus }>('/api/clinic/calendar-feed', { signal, silent: true });
  return data.feed;
}

export async function makeCalendarFeed(titles: CalendarFeedStatus['titles']) {
  const { api } = await import('./client');
  const { data } = await api.post<{ feed: CalendarFeedStatus; urls: { https: string; webcal: string } } & Said>('/api/clinic/calendar-feed', { titles }, { silent: true });
  return { feed: data.feed, urls: data.urls, message: sentence(data) };
}

export async function setCalendarFeedTitles(titles: CalendarFeedStatus['titles']) {
  const { api } = await import('./client');
  const { data } = await api.put<{ feed: CalendarFeedStatus } & Said>('/api/clinic/calendar-feed', { titles }, { silent: true });
  return { feed: data.feed, message: sentence(data) };
}

export async function turnOffCalendarFeed() {
  const { api } = await import('./client');
  const { data } = await api.delete<{ feed: CalendarFeedStatus } & Said>('/api/clinic/calendar-feed', { silent: true });
  return { feed: data.feed, message: sentence(data) };
}
