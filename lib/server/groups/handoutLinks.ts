import 'server-only';
import { and, eq, or } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { siteOrigin } from '@/lib/seo/siteUrl';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, handouts, type Handout } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { getSecret } from '@/lib/server/secrets';

/**
 * The links of the handouts' e-mail (issue #28 item 4): GET /api/handouts/<token>, one per file
 * and seat. The token is a JWS (HS256, the app secret, as the booking tokens are: DESIGN §4.6)
 * whose audience is 'handout', subject the seat (its appointment id) and `h` the handout id:
 * two numbers, no name and nothing about health. It works for HANDOUT_LINK_DAYS after it was
 * issued (its `iat`; the setting is read at each download, so a change applies to links already
 * sent: issue #38). What it opens is checked in the database at each download: the seat must
 * still be present ('completed') in a session whose handouts (its own or its topic's) include
 * the file. A deleted file, a seat marked no-show afterwards or a token altered in any way opens
 * nothing.
 */

const AUDIENCE = 'handout';
const DAY_MS = 86_400_000;
const key = () => new TextEncoder().encode(getSecret('app-secret'));

/** `issuedAt`: now, unless a test needs a link sent long ago. */
export async function handoutToken(seatId: number, handoutId: number, issuedAt = new Date()): Promise<string> {
  return new SignJWT({ h: handoutId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(seatId))
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .sign(key());
}

/** The absolute download link of a handout for a seat. */
export async function handoutLink(seatId: number, handoutId: number): Promise<string> {
  return `${siteOrigin()}/api/handouts/${await handoutToken(seatId, handoutId)}`;
}

/** The seat and handout a token names, and when it was issued, when its signature holds; null otherwise. */
export async function readHandoutToken(token: string): Promise<{ seatId: number; handoutId: number; issuedAt: Date } | null> {
  if (token.length > 1000) return null;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], audience: AUDIENCE });
    const seatId = Number(payload.sub);
    const handoutId = payload.h;
    if (!Number.isSafeInteger(seatId) || seatId <= 0 || typeof handoutId !== 'number' || !Number.isSafeInteger(handoutId) || handoutId <= 0) return null;
    if (typeof payload.iat !== 'number') return null;
    return { seatId, handoutId, issuedAt: new Date(payload.iat * 1000) };
  } catch {
    return null;
  }
}

export type HandoutLinkResult = { handout: Handout } | { expired: true; language: 'en' | 'fr' } | null;

/**
 * What a link opens now: its handout; or, past HANDOUT_LINK_DAYS, that it expired, with its
 * seat's language for the page that says so; or null (unknown, altered, deleted, or the seat no
 * longer present).
 */
export async function handoutOfLink(db: Database, token: string, now = new Date()): Promise<HandoutLinkResult> {
  const claims = await readHandoutToken(token);
  if (!claims) return null;
  if (claims.issuedAt.getTime() + getConfig().handoutLinkDays * DAY_MS <= now.getTime()) {
    const [seat] = await db.select({ language: appointments.sessionLanguage }).from(appointments).where(eq(appointments.id, claims.seatId));
    return seat ? { expired: true, language: seat.language } : null;
  }
  const [row] = await db
    .select({ handout: handouts })
    .from(handouts)
    .innerJoin(appointments, eq(appointments.id, claims.seatId))
    .innerJoin(groupSessions, eq(groupSessions.id, appointments.groupSessionId))
    .where(
      and(
        eq(handouts.id, claims.handoutId),
        eq(appointments.status, 'completed'),
        or(eq(handouts.groupSessionId, groupSessions.id), eq(handouts.groupTopicId, groupSessions.topicId)),
      ),
    )
    .limit(1);
  return row ? { handout: row.handout } : null;
}
