import { describe, expect, it } from 'vitest';
import { BackupError, backupErrorCode } from '@/lib/server/backup/errors';
import { backupsToKeep } from '@/lib/server/backup/prune';
import { connectionArgs } from '@/lib/server/backup/snapshot';

// The backups' small rules (issue #39); the whole job is tested against both databases in tests/integration/backups.test.ts.
describe('backup rules', () => {
  it('names a full disk, and keeps the code of its own errors', () => {
    expect(backupErrorCode(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe('disk_full');
    expect(backupErrorCode(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe('disk_full');
    expect(backupErrorCode(new BackupError('wrong_passphrase', 'x'))).toBe('wrong_passphrase');
    expect(backupErrorCode(new TypeError('anything else'))).toBe('failed');
  });

  it('gives pg_dump the password in its environment, never on its command line', () => {
    expect(connectionArgs('postgres://clinic:s%40cret@db.example:5432/clinic')).toEqual({ dbname: 'postgres://clinic@db.example:5432/clinic', env: { PGPASSWORD: 's@cret' } });
    expect(connectionArgs('postgres://clinic@localhost/clinic')).toEqual({ dbname: 'postgres://clinic@localhost/clinic', env: {} });
  });

  it('keeps the newest verified backup even when the rule would not, and counts days on the clinic’s calendar', () => {
    const at = (iso: string, id: number, verified = false) => ({ id, startedAt: new Date(iso), verified });
    // 02:00 UTC on the 29th is the 28th in Ottawa: one day, not two.
    const list = [at('2026-11-29T02:00:00Z', 3), at('2026-11-28T15:00:00Z', 2), at('2026-11-20T15:00:00Z', 1, true)];
    expect([...backupsToKeep(list, { daily: 1, weekly: 0, monthly: 0 }, 'America/Toronto')].sort()).toEqual([1, 3]);
    expect([...backupsToKeep(list, { daily: 2, weekly: 0, monthly: 0 }, 'UTC')].sort()).toEqual([1, 2, 3]);
  });
});
