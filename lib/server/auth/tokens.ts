import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and e-mailed link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user id as it appears in e-mailed links (/reset-password/{uid}/{token}). */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  const id = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
