import 'server-only';
import type { EmailLanguage } from '../types';
import { renderEmail, type RenderedEmail } from './layout';
import { greeting } from './shared';

export type BackupAlertKind = 'failed' | 'verify_failed' | 'stale';

export interface BackupAlertInput {
  language: EmailLanguage;
  firstName?: string;
  kind: BackupAlertKind;
  /** What failed, as the administrators' page says it (no data, no path). */
  reason?: string;
  /** Hours since the last verified backup; null when none was ever verified. */
  ageHours?: number | null;
  /** The administrators' backups page. */
  pageUrl: string;
}

/**
 * To the administrators when backups need a look (issue #39): a backup or its check by a restore
 * failed, or the last verified backup is older than twice the interval. One of a kind a day.
 */
export function backupAlertEmail(input: BackupAlertInput): RenderedEmail {
  const { language, kind } = input;
  const fr = language === 'fr';
  const age = input.ageHours === null || input.ageHours === undefined ? null : Math.floor(input.ageHours);
  const copy = fr
    ? {
        failed: { subject: 'Sauvegarde du site\u00a0: échec', heading: 'Une sauvegarde a échoué', lead: 'La dernière sauvegarde du site n’a pas pu être faite.' },
        verify_failed: { subject: 'Sauvegarde du site\u00a0: la vérification a échoué', heading: 'Une sauvegarde n’a pas pu être restaurée', lead: 'La restauration d’essai d’une sauvegarde a échoué\u00a0: ne comptez pas sur ce fichier.' },
        stale: {
          subject: 'Sauvegarde du site\u00a0: aucune sauvegarde vérifiée récente',
          heading: 'Aucune sauvegarde vérifiée récente',
          lead: age === null ? 'Aucune sauvegarde n’a encore été vérifiée par une restauration.' : `La dernière sauvegarde vérifiée date de ${age}\u00a0heures.`,
        },
      }[kind]
    : {
        failed: { subject: 'Site backup failed', heading: 'A backup failed', lead: 'The site’s latest backup could not be made.' },
        verify_failed: { subject: 'Site backup check failed', heading: 'A backup could not be restored', lead: 'The test restore of a backup failed: do not count on that file.' },
        stale: {
          subject: 'Site backup: no recent verified backup',
          heading: 'No recent verified backup',
          lead: age === null ? 'No backup has been verified by a restore yet.' : `The last verified backup is ${age} hours old.`,
        },
      }[kind];
  const reason = input.reason ? [fr ? `Motif\u00a0: ${input.reason}` : `Reason: ${input.reason}`] : [];
  return renderEmail({
    language,
    subject: copy.subject,
    preheader: copy.lead,
    heading: copy.heading,
    greeting: greeting(input.firstName, language),
    paragraphs: [copy.lead, ...reason, fr ? 'La page des sauvegardes indique l’état de chacune et quoi faire.' : 'The backups page shows the state of each and what to do.'],
    action: { label: fr ? 'Voir les sauvegardes' : 'See the backups', url: input.pageUrl },
    notes: [],
  });
}
