/**
 * What can go wrong with a backup (issue #39), as a code the backups' rows keep and the
 * administrators' page translates, with a message for the log and the command line. Neither
 * ever holds data from the backup.
 */
import type { BackupErrorCode } from '@/lib/schemas/backups';

export type { BackupErrorCode };

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The code of any error met while making or checking a backup: a full disk is named, the rest is a failure. */
export function backupErrorCode(error: unknown): BackupErrorCode {
  if (error instanceof BackupError) return error.code;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? 'disk_full' : 'failed';
}

export const noPassphrase = () =>
  new BackupError('no_passphrase', 'BACKUP_PASSPHRASE is not set: no backup is written without encryption. Set it (12 characters or more) and keep it apart from the backups.');
