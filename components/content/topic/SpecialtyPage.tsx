import { getTranslations } from 'next-intl/server';
import { StandardPageLayout } from '@/components/layout/PageLayouts';
import { JsonLd } from '@/components/seo/JsonLd';
import { Link } from '@/lib/i18n/navigation';
import type { Locale, ServiceSlug, SpecialtySlug } from '@/lib/i18n/routing';
import { absoluteUrl, breadcrumbJsonLd } from '@/lib/seo/jsonLd';
import { DigestiveConditions, DigestiveJournalModal } from './DigestiveConditions';
import styles from './topic.module.css';
import { messageList } from '@/components/content/messageList';

/** The services a patient usually books for each specialty, first one first. */
const relatedServices: Record<SpecialtySlug, ServiceSlug[]> = {
  'digestive-health': ['nutrition-evaluation', 'individual-consultation', 'nutrition-plan', 'follow-up'],
  'sports-nutrition': ['individual-consultation', 'bio-impedance-test', 'nutrition-plan', 'follow-up'],
  'weight-management': ['nutrition-evaluation', 'bio-impedance-test', 'nutrition-plan', 'group-programs'],
  'clinical-nutrition': ['nutrition-evaluation', 'nutrition-plan', 'follow-up', 'group-programs'],
  'pediatric-nutrition': ['individual-consultation', 'grocery-store-tour', 'follow-up'],
  'pregnancy-nutrition': ['individual-consultation', 'nutrition-plan', 'group-programs'],
};

/** A specialty's page: what it is, the conditions it helps, how we work, related services. */
export async function SpecialtyPage({ locale, slug }: { locale: Locale; slug: SpecialtySlug }) {
  const t = await getTranslations({ locale, namespace: 'Specialties' });
  const services = await getTranslations({ locale, namespace: 'Services' });
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  const page = await getTranslations({ locale, namespace: 'SpecialtyPage' });
  const name = t(`${slug}.name`);
  const conditions = messageList(t.raw(`${slug}.conditions` as never));
  const approach = messageList(t.raw(`${slug}.approach` as never));
  const first = relatedServices[slug][0]!;

  return (
    <StandardPageLayout title={name} intro={t(`${slug}.short`)}>
      <JsonLd
        data={breadcrumbJsonLd([
          { name: nav('home'), url: absoluteUrl('/', locale) },
          { name, url: absoluteUrl(`/specialties/${slug}`, locale) },
        ])}
      />
      <div className={styles.main}>
        <section aria-labelledby="what-title">
          <h2 id="what-title">{page('whatTitle')}</h2>
          <p>{t(`${slug}.intro`)}</p>
        </section>
        {slug === 'digestive-health' ? <DigestiveConditions locale={locale} /> : null}
        <section aria-labelledby="conditions-title">
          <h2 id="conditions-title">{page('conditionsTitle')}</h2>
          <ul className={styles.list}>
            {conditions.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="approach-title">
          <h2 id="approach-title">{page('approachTitle')}</h2>
          {approach.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {slug === 'digestive-health' ? <DigestiveJournalModal locale={locale} /> : null}
        </section>
      </div>
      <section className={styles.related} aria-labelledby="related-title">
        <h2 id="related-title">{page('relatedTitle')}</h2>
        <ul className="card-grid">
          {relatedServices[slug].map((service) => (
            <li key={service} className="card">
              <h3>
                <Link href={`/services/${service}`}>{services(`${service}.name`)}</Link>
              </h3>
              <p>{services(`${service}.short`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.cta} aria-labelledby="cta-title">
        <h2 id="cta-title">{page('ctaTitle')}</h2>
        <p>{page('ctaText')}</p>
        <div className="button-row">
          <Link className="button button--primary" href={{ pathname: '/book-online', query: { service: first } }}>
            {nav('bookOnline')}
          </Link>
          <Link className="button button--secondary" href="/about-us/our-team">
            {page('meetTeam')}
          </Link>
        </div>
      </section>
    </StandardPageLayout>
  );
}
