import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { localizedPath } from '@/lib/i18n/paths';
import { siteOrigin } from '@/lib/seo/siteUrl';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import type { AppConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { backupAlerts, users } from '@/lib/server/db/schema';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { backupAlertEmail, type BackupAlertKind } from '@/lib/server/email/templates/backupAlert';
import type { BackupErrorCode } from './errors';

/** What the e-mail says of a failure, by code: short, and nothing from the backup itself. */
const REASONS: Record<BackupErrorCode, { en: string; fr: string }> = {
  no_passphrase: { en: 'BACKUP_PASSPHRASE is not set.', fr: 'BACKUP_PASSPHRASE n’est pas défini.' },
  wrong_passphrase: { en: 'the passphrase does not open the file.', fr: 'la phrase de passe n’ouvre pas le fichier.' },
  corrupted: { en: 'the file is cut short or damaged.', fr: 'le fichier est tronqué ou endommagé.' },
  newer_version: { en: 'the file comes from a newer version of the site.', fr: 'le fichier vient d’une version plus récente du site.' },
  disk_full: { en: 'the backup directory’s disk is full.', fr: 'le disque du dossier des sauvegardes est plein.' },
  pg_dump_missing: { en: 'pg_dump is not installed on the server.', fr: 'pg_dump n’est pas installé sur le serveur.' },
  pg_dump_failed: { en: 'pg_dump failed (see the server’s log).', fr: 'pg_dump a échoué (voir le journal du serveur).' },
  not_empty: { en: 'the target database is not empty.', fr: 'la base de données cible n’est pas vide.' },
  mismatch: { en: 'the restored database differs from what the backup recorded.', fr: 'la base restaurée diffère de ce que la sauvegarde a noté.' },
  failed: { en: 'an error (see the server’s log).', fr: 'une erreur (voir le journal du serveur).' },
};

/**
 * E-mails every active administrator, in their language, at most once a day for each kind of
 * alert whatever the number of instances (a row of backup_alerts per kind and clinic day).
 */
export async function alertAdministrators(db: Database, config: AppConfig, alert: { kind: BackupAlertKind; code?: BackupErrorCode; ageHours?: number | null }, now: Date): Promise<boolean> {
  const queued = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(backupAlerts)
      .values({ kind: alert.kind, sentOn: utcToLocalDate(now, config.clinicTimezone), sentAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return false;
    const admins = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.preferredLanguage })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true), isNull(users.closedAt)));
    for (const admin of admins) {
      const content = backupAlertEmail({
        language: admin.language,
        firstName: admin.firstName,
        kind: alert.kind,
        reason: alert.code ? REASONS[alert.code][admin.language] : undefined,
        ageHours: alert.ageHours,
        pageUrl: `${siteOrigin()}${localizedPath('/profile/backups', admin.language)}`,
      });
      await queueEmail(tx, { purpose: 'backup alert', message: { to: admin.email, language: admin.language, ...content } });
    }
    return admins.length > 0;
  });
  if (queued) void kickMailQueue();
  return queued;
}
