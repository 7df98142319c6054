import 'server-only';
import { clinic } from '@/lib/clinic';
import type { EmailLanguage } from '../types';
import { oneLine } from './escape';

/**
 * French typography, the site's one rule (OQLF): a no-break space before « : » and inside
 * guillemets, no space at all before ; ! ?. The copy is written that way already; this is the
 * safety net for what is put together from parts. Only spaces the text already has are changed:
 * URLs are unaffected.
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/ :/g, '\u00a0:')
    .replace(/[ \u00a0\u202f]+([;!?])/g, '$1')
    .replace(/«[ \u202f]/g, '«\u00a0')
    .replace(/[ \u202f]»/g, '\u00a0»');
}

export function greeting(firstName: string | undefined, language: EmailLanguage): string {
  const name = oneLine(firstName);
  const hello = language === 'fr' ? 'Bonjour' : 'Hello';
  return name ? `${hello} ${name},` : `${hello},`;
}

function plural(count: number, language: EmailLanguage, one: string, other: string): string {
  return `${count} ${new Intl.PluralRules(language).select(count) === 'one' ? one : other}`;
}

/** 60 -> "1 hour" / "1 heure"; 90 -> "90 minutes". */
export function formatMinutes(minutes: number, language: EmailLanguage): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    return language === 'fr'
      ? plural(minutes / 60, language, 'heure', 'heures')
      : plural(minutes / 60, language, 'hour', 'hours');
  }
  return plural(minutes, language, 'minute', 'minutes');
}

export function formatDays(days: number, language: EmailLanguage): string {
  return language === 'fr' ? plural(days, language, 'jour', 'jours') : plural(days, language, 'day', 'days');
}

export const signOff = {
  en: ['Warm regards,', `The ${clinic.name} team`],
  fr: ['Cordialement,', `L’équipe d’${clinic.name}`],
} as const satisfies Record<EmailLanguage, readonly [string, string]>;

export const linkFallback = {
  en: 'If the button does not work, copy and paste this address into your browser:',
  fr: frenchTypography('Si le bouton ne fonctionne pas, copiez et collez cette adresse dans votre navigateur\u00a0:'),
} as const satisfies Record<EmailLanguage, string>;
