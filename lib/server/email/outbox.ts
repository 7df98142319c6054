import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EMAIL_LANGUAGES } from './types';

/** The .json half of an outbox message (DESIGN §4.3); the .eml beside it is the raw message. */
export const outboxEntrySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  date: z.iso.datetime(),
  from: z.string(),
  to: z.string(),
  replyTo: z.string().optional(),
  subject: z.string(),
  language: z.enum(EMAIL_LANGUAGES),
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  /** File name of the raw RFC 822 message, in the same directory. */
  eml: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type OutboxRecord = OutboxEntry & { path: string; emlPath: string };

let lastStamp = 0;
/**
 * The time of the next outbox message, strictly after the previous one from this process: file
 * names sort by it, so two messages sent within a millisecond still read back in sending order.
 */
export function nextOutboxDate(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

/** `20260115T101502123Z`: fixed width, so names sort by time, and no `:` (invalid on Windows). */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

// Owner-only: these files hold live sign-in and reset links.
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Write-then-rename, so a reader polling the directory never sees half a file. */
async function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  await writeFile(tmp, data, { mode: FILE_MODE, flag: 'wx' });
  await rename(tmp, file);
}

/** Stores one message; returns the path of its .json file. */
export async function writeToOutbox(
  dir: string,
  entry: Omit<OutboxEntry, 'id' | 'eml' | 'date'>,
  date: Date,
  raw: Buffer,
): Promise<string> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  await chmod(dir, DIR_MODE); // mkdir leaves an existing directory's mode as it was.
  const base = `${stamp(date)}-${randomBytes(6).toString('hex')}`;
  const id = base.slice(base.lastIndexOf('-') + 1);
  const record: OutboxEntry = { ...entry, id, date: date.toISOString(), eml: `${base}.eml` };
  // The .eml first: once the .json is visible, its .eml is there too.
  await writeAtomically(path.join(dir, record.eml), raw);
  const jsonPath = path.join(dir, `${base}.json`);
  await writeAtomically(jsonPath, `${JSON.stringify(record, null, 2)}\n`);
  return jsonPath;
}

/** The outbox's messages, oldest first; an outbox that does not exist yet is empty. */
export async function readOutbox(dir: string): Promise<OutboxRecord[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const entry = outboxEntrySchema.parse(JSON.parse(await readFile(file, 'utf8')));
      return { ...entry, path: file, emlPath: path.join(dir, entry.eml) };
    }),
  );
}
