import { getTranslations } from 'next-intl/server';
import { clinic } from '@/lib/clinic';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { messageList } from '../messageList';
import styles from './legal.module.css';

/** One section, keyed by its anchor id; its lists are numbered objects (see messageList). */
type Section = { title: string; paragraphs: object; items?: object; after?: object };

/** The privacy policy's retention periods (its items' ICU arguments). */
export type PrivacyValues = { clinicalYears: number; minorAge: number; financialYears: number; contactYears: number };

/** When the policies were last revised: shown at the top of both documents. */
export const legalRevisionDate = '2026-11-26';

/** The clinic's contact details, put in place of {email} and {phone} in the texts. */
function withContacts(text: string): string {
  return text.replaceAll('{email}', clinic.email).replaceAll('{phone}', formatPhone(clinic.phone));
}

/** The pages a text may link, as `<tag>words</tag>` (issue #38: the data request form). */
const linkTargets: Record<string, AppPathname> = { dataRequest: '/my-data-request' };

/** A paragraph with its contacts filled in and its tagged words as links to the site's pages. */
function Paragraph({ text, locale }: { text: string; locale: Locale }) {
  // Split with two groups: text, tag, words, text, tag, words, ..., text.
  const parts = withContacts(text).split(/<(\w+)>(.*?)<\/\1>/);
  return (
    <p>
      {parts.map((part, i) => {
        if (i % 3 === 0) return part;
        if (i % 3 === 2) return null;
        const href = linkTargets[part];
        return href ? (
          <Link key={i} href={href} locale={locale}>
            {parts[i + 1]}
          </Link>
        ) : (
          parts[i + 1]
        );
      })}
    </p>
  );
}

/**
 * A legal document (privacy policy, terms) from the Legal messages: contents, then sections. The
 * items of its lists are ICU messages formatted with `values` (the privacy policy's retention
 * periods, as configured: issue #38).
 */
export async function LegalDocument(props: { locale: Locale } & ({ document: 'privacy'; values: PrivacyValues } | { document: 'terms' })) {
  const { locale, document } = props;
  const values = props.document === 'privacy' ? props.values : {};
  const t = await getTranslations({ locale, namespace: 'Legal' });
  const sections = Object.entries(t.raw(document as never) as Record<string, Section>).map(([id, section]) => ({
    id,
    title: section.title,
    paragraphs: messageList(section.paragraphs),
    items: section.items ? Object.keys(section.items).map((key) => t(`${document}.${id}.items.${key}` as never, values as never)) : undefined,
    after: section.after ? messageList(section.after) : undefined,
  }));
  return (
    <article className={styles.document}>
      <p className={styles.updated}>
        {t('updated', { date: formatLocalDate(legalRevisionDate, dateLanguage(locale), 'long') })}
      </p>
      <nav className={styles.contents} aria-labelledby="contents-title">
        <h2 id="contents-title">{t('contents')}</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {/* Fixed lists from the catalogue: the index is a stable key, where the text as key was
              sent twice in the page's payload (10 kB of the privacy policy's). */}
          {section.paragraphs.map((paragraph, index) => (
            <Paragraph key={index} text={paragraph} locale={locale} />
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.after?.map((paragraph, index) => (
            <Paragraph key={index} text={paragraph} locale={locale} />
          ))}
        </section>
      ))}
    </article>
  );
}
