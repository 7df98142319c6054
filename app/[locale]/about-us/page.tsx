import { getTranslations } from 'next-intl/server';
import { introPage } from '@/components/layout/introPage';
import { PageBreadcrumb } from '@/components/seo/PageBreadcrumb';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadataWithOpenGraph } from '@/lib/seo/openGraph';
import styles from './about.module.css';
import { messageList } from '@/components/content/messageList';

const careKeys = ['inPerson', 'virtual', 'languages'] as const;

async function AboutBody({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'About' });
  return (
    <div className={styles.body}>
      <PageBreadcrumb locale={locale} trail={['/about-us']} />
      <section aria-labelledby="story-title">
        <h2 id="story-title">{t('storyTitle')}</h2>
        {messageList(t.raw('story' as never)).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="approach-title">
        <h2 id="approach-title">{t('approachTitle')}</h2>
        {messageList(t.raw('approach' as never)).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="care-title">
        <h2 id="care-title">{t('careTitle')}</h2>
        <ul className="card-grid">
          {careKeys.map((key) => (
            <li key={key} className="card">
              <h3>{t(`care.${key}.title`)}</h3>
              <p>{t(`care.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="regulated-title">
        <h2 id="regulated-title">{t('regulatedTitle')}</h2>
        <p>{t('regulated')}</p>
      </section>
      <section aria-labelledby="insurance-title">
        <h2 id="insurance-title">{t('insuranceTitle')}</h2>
        <p>{t('insurance')}</p>
      </section>
      <section className={styles.next} aria-labelledby="next-title">
        <h2 id="next-title">{t('nextTitle')}</h2>
        <div className="button-row">
          <Link className="button button--primary" href="/book-online">
            {t('bookLink')}
          </Link>
          <Link className="button button--secondary" href="/about-us/our-team">
            {t('teamLink')}
          </Link>
          <Link className="button button--secondary" href="/services/nutrition-evaluation">
            {t('servicesLink')}
          </Link>
        </div>
      </section>
    </div>
  );
}

const page = introPage('/about-us', 'about-us', (locale) => <AboutBody locale={locale} />);

export async function generateMetadata({ params }: PageProps<'/[locale]/about-us'>) {
  const { locale } = await params;
  return pageMetadataWithOpenGraph('/about-us', 'about-us', locale as Locale);
}
export default page.Page;
