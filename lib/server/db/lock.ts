import 'server-only';
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process, and a second process opening the same directory gets no error:
 * measured here, committed rows are then silently lost. A lock file next to the directory
 * makes the second process fail loudly instead.
 */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  started_at: string;
}

// Lock files this process holds, so a second open in the same process is refused too (the pid
// in the file is then our own, and "is it alive?" cannot tell the two apart). On globalThis so
// that a hot-reloaded copy of this module still knows.
const globalForLocks = globalThis as typeof globalThis & { __clinicDataDirLocks?: Set<string> };
const heldByThisProcess = (globalForLocks.__clinicDataDirLocks ??= new Set<string>());

/** Takes `$DATA_DIR/pglite.lock`; throws a clear error while another live process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'pglite.lock');
  const dir = path.join(dataDir, 'pglite');
  if (heldByThisProcess.has(file)) {
    throw new Error(`The embedded database in ${dir} is already open in this process (${process.pid}).`);
  }
  // A few attempts: each failed one removed a stale lock, and another starting process may race us.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file)) return hold(file);
    const owner = readOwner(file);
    if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner.pid} (started ${owner.started_at}). ` +
          'Stop it first, or set DATABASE_URL to use PostgreSQL.',
      );
    }
    // Stale: its process is gone (or it is our own pid left by an earlier run, as with pid 1 in
    // a container). A lock that vanished in between was released: just try again. Two processes
    // replacing the same stale lock in the same instant could both win; that needs two copies
    // started together right after a crash, which we accept rather than add a second lock.
    removeIfPresent(file);
  }
  throw new Error(`Could not lock the embedded database in ${dir}: ${file} keeps reappearing.`);
}

function tryCreate(file: string): boolean {
  // Write the owner to a private file, then link it into place: link() fails when the name
  // exists (like O_EXCL) and the lock never appears empty to a process reading it meanwhile.
  const owner: LockOwner = { pid: process.pid, started_at: new Date().toISOString() };
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, JSON.stringify(owner), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** The lock's owner; undefined when the file is gone or unreadable (half-written by a crash). */
function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && Number.isInteger(owner.pid) && owner.pid > 0) {
      return { pid: owner.pid, started_at: String(owner.started_at ?? 'at an unknown time') };
    }
  } catch {
    // fall through: treated as stale
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function hold(file: string): DataDirLock {
  heldByThisProcess.add(file);
  // 'exit' runs on a normal end and on process.exit(); a kill leaves a stale lock, which the
  // next start recognises by its dead pid.
  const releaseOnExit = () => release();
  process.once('exit', releaseOnExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    process.removeListener('exit', releaseOnExit);
    heldByThisProcess.delete(file);
    // Remove only our own lock, never one a later process took after we were presumed dead.
    if (readOwner(file)?.pid === process.pid) removeIfPresent(file);
  }
  return { file, release };
}
