import 'server-only';
import { createHash } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { BackupError } from './errors';
import type { Manifest } from './manifest';

/**
 * A backup file (issue #39): a ZIP of the parts (the database, the stored files) and
 * manifest.json, encrypted with age under a passphrase (scrypt). The manifest names each part
 * with its size and SHA-256, so a file cut short or altered is refused before anything is
 * restored from it.
 */

export type Part = { path: string; bytes: Uint8Array };

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Parts already compressed (the PGlite data directory is gzipped) are stored as they are. */
const storedAsIs = (path: string) => path.endsWith('.gz') || path.endsWith('.pdf');

export function packParts(parts: Part[], manifest: Manifest): Uint8Array {
  const files: Zippable = { 'manifest.json': [strToU8(JSON.stringify(manifest, null, 2)), { level: 6 }] };
  for (const part of parts) files[part.path] = [part.bytes, { level: storedAsIs(part.path) ? 0 : 6 }];
  return zipSync(files);
}

/** The manifest and the parts of a decrypted backup, each part checked against the manifest. */
export function unpackParts(zip: Uint8Array): { manifest: Manifest; parts: Map<string, Uint8Array> } {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    throw corrupted();
  }
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) throw corrupted();
  let manifest: Manifest;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes)) as Manifest;
  } catch {
    throw corrupted();
  }
  const parts = new Map<string, Uint8Array>();
  for (const part of manifest.parts ?? []) {
    const bytes = files[part.path];
    if (!bytes || bytes.length !== part.bytes || sha256(bytes) !== part.sha256) throw corrupted(`its part ${part.path} does not match its manifest`);
    parts.set(part.path, bytes);
  }
  return { manifest, parts };
}

const corrupted = (detail = 'it is cut short or damaged') => new BackupError('corrupted', `The backup cannot be read: ${detail}.`);

/**
 * age, loaded as the ES module it is: required from the scripts' CommonJS (tsx), its scrypt ran
 * 12 times slower (12 s instead of 1 s for the work factor below, measured here).
 */
const age = () => import('age-encryption');

/**
 * `workFactor`: scrypt's, as log2 of N (BACKUP_SCRYPT_WORK_FACTOR, by default 18, age's own: about
 * a second, and 256 MB for that second). The file records it, so a backup opens whatever the
 * factor of the one reading it.
 */
export async function encryptBackup(plain: Uint8Array, passphrase: string, workFactor: number): Promise<Uint8Array> {
  const { Encrypter } = await age();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  encrypter.setScryptWorkFactor(workFactor);
  return encrypter.encrypt(plain);
}

export async function decryptBackup(cipher: Uint8Array, passphrase: string): Promise<Uint8Array> {
  const { Decrypter } = await age();
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    return await decrypter.decrypt(cipher);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    // age says "no identity matched" when the passphrase is not the one the file was sealed with.
    if (/no identity matched|incorrect passphrase|scrypt/i.test(message)) {
      throw new BackupError('wrong_passphrase', 'The passphrase does not open this backup. Use the BACKUP_PASSPHRASE it was made with.');
    }
    throw corrupted();
  }
}
