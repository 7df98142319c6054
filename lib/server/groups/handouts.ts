import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc, eq, or, type SQL } from 'drizzle-orm';
import { HANDOUT_MAX_BYTES, type HandoutView } from '@/lib/schemas/handouts';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, groupTopics, handouts, type GroupSession, type Handout } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';

/**
 * The handouts of the group programs (issue #28 item 4): PDFs the clinic attaches to a topic
 * (every session of it hands them out) or to one session. Each file is kept under the handouts
 * directory (HANDOUTS_DIR, default `$DATA_DIR/handouts`, never served as is) under a random name;
 * its row names it. A file is written whole under a temporary name and renamed into place, and
 * its row is inserted after: when the insert fails the file is removed, so a row exists exactly
 * when its file does (a crash between the two leaves at worst an unnamed file, never a row
 * without its file).
 */

export type HandoutOwner = { kind: 'topic' | 'session'; id: number };

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const STORED_NAME = /^[0-9a-f]{32}\.pdf$/;
const FILE_NAME_MAX = 120;

export const handoutNotFound = () => new AppError('handout_not_found', 404, 'handoutNotFound');
const topicNotFound = () => new AppError('group_topic_not_found', 404, 'groupTopicNotFound');
const sessionNotFound = () => new AppError('group_session_not_found', 404, 'groupSessionNotFound');

/**
 * The name a file is downloaded under: the uploaded name's last part, without control
 * characters, quotes or path separators, at most 120 characters, ending in .pdf.
 */
export function handoutFileName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  const tidy = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = tidy.replace(/\.pdf$/i, '').slice(0, FILE_NAME_MAX - 4).trim();
  return `${stem || 'handout'}.pdf`;
}

/** Where a stored file is; refuses anything but a name this module made. */
export function handoutPath(storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error('not a handout file name');
  return path.join(getConfig().handoutsDir, storedName);
}

const viewOf = (row: Handout): HandoutView => ({
  id: row.id,
  file_name: row.fileName,
  byte_size: row.byteSize,
  scope: row.groupTopicId !== null ? 'topic' : 'session',
  created_at: row.createdAt.toISOString(),
});

async function sessionOf(db: Database, id: number): Promise<GroupSession> {
  const [session] = await db.select().from(groupSessions).where(eq(groupSessions.id, id));
  if (!session) throw sessionNotFound();
  return session;
}

async function assertOwner(db: Database, owner: HandoutOwner): Promise<void> {
  if (owner.kind === 'session') {
    const session = await sessionOf(db, owner.id);
    if (session.status === 'cancelled') throw new AppError('group_session_cancelled', 409, 'handoutsSessionCancelled');
    return;
  }
  const [topic] = await db.select({ id: groupTopics.id }).from(groupTopics).where(eq(groupTopics.id, owner.id));
  if (!topic) throw topicNotFound();
}

/** Refuses what is not a PDF of at most 10 MB: 413 when too large, 400 when not a PDF (its first bytes decide, not its type). */
async function checkFile(file: File): Promise<void> {
  if (file.size > HANDOUT_MAX_BYTES) throw new AppError('payload_too_large', 413, 'handoutTooLarge');
  const head = Buffer.from(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  if (!head.equals(PDF_MAGIC)) throw new AppError('handout_not_pdf', 400, 'handoutNotPdf');
}

/** Writes the file under a temporary name, flushes it, and renames it into place; returns its stored name. */
async function writeFile(file: File): Promise<string> {
  const dir = getConfig().handoutsDir;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomBytes(16).toString('hex')}.pdf`;
  const temporary = path.join(dir, `.${storedName}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    for await (const chunk of Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream<Uint8Array>)) {
      await handle.write(chunk as Uint8Array);
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temporary, path.join(dir, storedName));
  return storedName;
}

/** Attaches an uploaded PDF to a topic or a session. */
export async function addHandout(db: Database, input: { owner: HandoutOwner; file: File; by: number }): Promise<HandoutView> {
  await checkFile(input.file);
  await assertOwner(db, input.owner);
  const storedName = await writeFile(input.file);
  try {
    const [row] = await db
      .insert(handouts)
      .values({
        groupTopicId: input.owner.kind === 'topic' ? input.owner.id : null,
        groupSessionId: input.owner.kind === 'session' ? input.owner.id : null,
        fileName: handoutFileName(input.file.name),
        storedName,
        byteSize: input.file.size,
        uploadedBy: input.by,
      })
      .returning();
    return viewOf(row!);
  } catch (error) {
    await unlink(handoutPath(storedName)).catch(() => undefined);
    throw error;
  }
}

/** The condition "a handout of this session": its own, or its topic's. */
export const handoutsOfSession = (session: Pick<GroupSession, 'id' | 'topicId'>) =>
  or(eq(handouts.groupSessionId, session.id), eq(handouts.groupTopicId, session.topicId));

/** A topic's handouts, or a session's (its own and its topic's, topic's first), oldest first. */
export async function listHandouts(db: Database, owner: HandoutOwner): Promise<HandoutView[]> {
  if (owner.kind === 'topic') await assertOwner(db, owner);
  const where = owner.kind === 'topic' ? eq(handouts.groupTopicId, owner.id) : handoutsOfSession(await sessionOf(db, owner.id));
  return (await sessionHandoutRows(db, where)).map(viewOf);
}

/** The rows of a condition, the topic's first, then each in upload order. */
export async function sessionHandoutRows(db: Database, where: SQL | undefined): Promise<Handout[]> {
  const rows = await db.select().from(handouts).where(where).orderBy(asc(handouts.id));
  return [...rows.filter((row) => row.groupTopicId !== null), ...rows.filter((row) => row.groupTopicId === null)];
}

/**
 * Removes a handout: its row, then its file. Its links stop working at once (they are checked
 * against the row). A file left behind by a failed unlink is only an unnamed file.
 */
export async function deleteHandout(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(handouts).where(eq(handouts.id, id)).returning({ storedName: handouts.storedName });
  if (!row) throw handoutNotFound();
  await unlink(handoutPath(row.storedName)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') console.error(`[handouts] could not remove a deleted handout's file (${error.code ?? error.name})`);
  });
}

/**
 * The handout's file as a web stream (read as it is sent, never whole in memory); null when the
 * file is missing (opened first, so a missing file is a 404, not a download cut short).
 */
export async function handoutStream(row: Pick<Handout, 'storedName'>): Promise<ReadableStream<Uint8Array> | null> {
  let file;
  try {
    file = await open(handoutPath(row.storedName), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return Readable.toWeb(file.createReadStream()) as unknown as ReadableStream<Uint8Array>;
}
