import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getSecret } from '@/lib/server/secrets';

/**
 * Encryption at rest of intake answers (issue #7): AES-256-GCM under a key derived (HKDF-SHA256)
 * from INTAKE_ENCRYPTION_KEY, a random 12-byte IV per message, and additional authenticated
 * data naming the row (`intake:<public id>`, `draft:<user id>`), so a ciphertext copied onto
 * another row does not decrypt. Stored as `v1.` + base64url(iv | tag | ciphertext): the prefix
 * leaves room for a new key or algorithm later.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = 'intake-answers-v1';

/** A ciphertext that is damaged, was tampered with, belongs to another row or another key. */
export class IntakeDecryptionError extends Error {
  constructor() {
    super('The intake answers could not be decrypted.');
    this.name = 'IntakeDecryptionError';
  }
}

let cached: { secret: string; key: Buffer } | undefined;

function encryptionKey(): Buffer {
  const secret = getSecret('intake-key');
  if (cached?.secret !== secret) {
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));
    cached = { secret, key };
  }
  return cached.key;
}

/**
 * A fingerprint of the intake key, written in each backup's manifest (issue #39) in place of the
 * key, which a backup never holds: a restore compares it with its own key's. Derived apart from
 * the encryption key (another HKDF label), so it reveals nothing of it.
 */
export function intakeKeyCheck(key: string = getSecret('intake-key')): string {
  return Buffer.from(hkdfSync('sha256', Buffer.from(key, 'utf8'), Buffer.alloc(0), 'clinic backup key check', 16)).toString('hex');
}

/** The additional data binding a ciphertext to its row. */
export const submissionContext = (publicId: string) => `intake:${publicId}`;
export const draftContext = (userId: number) => `draft:${userId}`;

export function encryptJson(value: unknown, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

export function decryptJson(stored: string, context: string): unknown {
  const [version, payload, ...rest] = stored.split('.');
  if (version !== VERSION || payload === undefined || rest.length > 0) throw new IntakeDecryptionError();
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new IntakeDecryptionError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plaintext = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plaintext.toString('utf8')) as unknown;
  } catch {
    // Never the underlying message: nothing about the content may reach a log.
    throw new IntakeDecryptionError();
  }
}
