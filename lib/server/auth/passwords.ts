import 'server-only';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// argon2id with OWASP's minimum settings (DESIGN §4.5): 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined;
export function timingSafeDummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-account-password');
  return dummyHash.then((h) => verifyPassword(h, password));
}

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * True when a password of acceptable length is still easy to guess: a known common password,
 * one repeated (passwordpassword), one followed by digits or symbols only, a short pattern
 * repeated (abcabcabc...), or the account's own e-mail name.
 */
export function isCommonPassword(password: string, email?: string): boolean {
  const p = password.toLowerCase();
  if (common.has(p)) return true;
  if (/^(.{1,4})\1+$/.test(p)) return true;
  const repeated = /^(.{4,}?)\1+$/.exec(p);
  if (repeated && common.has(repeated[1]!)) return true;
  const stem = /^(.*?)[\d\W_]+$/.exec(p)?.[1];
  if (stem && stem.length >= 4 && common.has(stem)) return true;
  const name = email?.split('@')[0]?.toLowerCase();
  if (name && name.length >= 4 && p.replace(/[\d\W_]+/g, '') === name.replace(/[\d\W_]+/g, '')) return true;
  return false;
}
