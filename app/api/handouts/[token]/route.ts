import { getDb } from '@/lib/server/db/client';
import { handoutOfLink } from '@/lib/server/groups/handoutLinks';
import { handoutStream } from '@/lib/server/groups/handouts';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { localizedPath } from '@/lib/i18n/paths';

/** RFC 5987's attr-char: encodeURIComponent leaves ' ( ) * ! as they are, which filename* may not hold. */
const encodeAttr = (text: string) => encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266: an ASCII fallback name (a name in another script falls back to 'handout.pdf'), and the real one percent-encoded. */
function attachment(fileName: string): string {
  const stem = fileName.replace(/\.pdf$/i, '').normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%;]/g, '_').trim();
  const ascii = stem ? `${stem}.pdf` : 'handout.pdf';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeAttr(fileName)}`;
}

/**
 * A handout's download, from the link of the e-mail sent after a group session (issue #28 item
 * 4): the PDF, streamed from disk. The token's seat must still be present in a session that hands
 * the file out; anything else (altered, someone else's file, deleted) is the same 404. A link
 * past HANDOUT_LINK_DAYS leads to the page that says so, in its seat's language (issue #38).
 */
export const GET = handle<{ token: string }>(async (_ctx, params) => {
  const db = await getDb();
  const link = await handoutOfLink(db, params.token);
  if (link && 'expired' in link) {
    return new Response(null, {
      status: 303,
      headers: { Location: localizedPath('/handout-link-expired', link.language), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    });
  }
  const handout = link?.handout;
  const body = handout && (await handoutStream(handout));
  if (!handout || !body) throw new AppError('handout_not_found', 404, 'handoutLinkInvalid');
  return new Response(body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(handout.byteSize),
      'Content-Disposition': attachment(handout.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  });
});
