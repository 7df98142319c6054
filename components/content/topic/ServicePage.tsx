import { getTranslations } from 'next-intl/server';
import { StandardPageLayout } from '@/components/layout/PageLayouts';
import { JsonLd } from '@/components/seo/JsonLd';
import { Link } from '@/lib/i18n/navigation';
import type { Locale, ServiceSlug } from '@/lib/i18n/routing';
import { absoluteUrl, breadcrumbJsonLd } from '@/lib/seo/jsonLd';
import { GroupProgramsSessions } from './GroupProgramsSessions';
import { ServiceDetails, type ServiceFigures } from './ServiceDetails';
import styles from './topic.module.css';
import { messageList } from '@/components/content/messageList';

type Props = {
  locale: Locale;
  slug: ServiceSlug;
  /** From the clinic's catalogue (the figures booking uses). */
  service: ServiceFigures & { description: string };
};

/** A service's page: what it is, who it is for, the visit, its figures and the way to book it. */
export async function ServicePage({ locale, slug, service }: Props) {
  const t = await getTranslations({ locale, namespace: 'Services' });
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  const page = await getTranslations({ locale, namespace: 'ServicePage' });
  const name = t(`${slug}.name`);
  const forWhom = messageList(t.raw(`${slug}.forWhom` as never));
  const steps = messageList(t.raw(`${slug}.steps` as never));
  const bookHref = { pathname: '/book-online', query: { service: slug } } as const;

  return (
    <StandardPageLayout title={name} intro={t(`${slug}.short`)}>
      <JsonLd
        data={breadcrumbJsonLd([
          { name: nav('home'), url: absoluteUrl('/', locale) },
          { name, url: absoluteUrl(`/services/${slug}`, locale) },
        ])}
      />
      <div className={styles.columns}>
        <div className={styles.main}>
          <section aria-labelledby="what-title">
            <h2 id="what-title">{page('whatTitle')}</h2>
            <p>{service.description}</p>
          </section>
          <section aria-labelledby="for-whom-title">
            <h2 id="for-whom-title">{page('forWhomTitle')}</h2>
            <ul className={styles.list}>
              {forWhom.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="steps-title">
            <h2 id="steps-title">{page('stepsTitle')}</h2>
            <ol className={styles.steps}>
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          {slug === 'group-programs' ? <GroupProgramsSessions locale={locale} /> : null}
        </div>
        <aside className={styles.aside} aria-labelledby="details-title">
          <h2 id="details-title">{page('detailsTitle')}</h2>
          <ServiceDetails locale={locale} figures={service} />
          <p className={styles.note}>{page('receipts')}</p>
          <div className="button-row">
            <Link className="button button--primary" href={bookHref} data-testid="book-service">
              {page('book', { service: name })}
            </Link>
            <Link className="button button--secondary" href="/contact-us">
              {nav('contact')}
            </Link>
          </div>
        </aside>
      </div>
    </StandardPageLayout>
  );
}
