import { serveFeed } from '@/lib/server/calendarFeed/feeds';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { siteOrigin } from '@/lib/seo/siteUrl';

/**
 * An employee's private calendar feed (issue #41), for calendar apps: no cookie, the token in the
 * address (`<token>.ics`). 304 when unchanged, 404 for an ended link, 429 past the link's limit.
 * Private to one person: a shared cache never keeps it.
 */
export const GET = handle<{ token: string }>(async (ctx, params) => {
  const db = await getDb();
  const config = getConfig();
  const answer = await serveFeed(db, {
    token: params.token.replace(/\.ics$/, ''),
    ifNoneMatch: ctx.request.headers.get('if-none-match'),
    now: new Date(),
    timeZone: config.clinicTimezone,
    days: config.calendarFeedDays,
    origin: siteOrigin(ctx.request.url),
  });
  const headers = {
    ETag: answer.etag,
    'Last-Modified': answer.lastModified.toUTCString(),
    'Cache-Control': 'private, max-age=0, must-revalidate',
    'X-Robots-Tag': 'noindex',
    'Referrer-Policy': 'no-referrer',
  };
  if (answer.kind === 'not_modified') return new Response(null, { status: 304, headers });
  return new Response(answer.body, {
    headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="agenda.ics"' },
  });
});
