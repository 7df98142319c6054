import { getFormatter, getTranslations } from 'next-intl/server';
import { DefaultLayout } from '@/components/layout/PageLayouts';
import { JsonLd } from '@/components/seo/JsonLd';
import { clinic } from '@/lib/clinic';
import { Link } from '@/lib/i18n/navigation';
import { serviceSlugs, specialtySlugs, type Locale } from '@/lib/i18n/routing';
import { clinicJsonLd } from '@/lib/seo/jsonLd';
import styles from './HomePage.module.css';

const valueKeys = ['respect', 'science', 'access'] as const;
const figureKeys = ['happyClients', 'yearsOfExperience', 'successStories', 'clientSatisfaction'] as const;

export async function HomePage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home' });
  const services = await getTranslations({ locale, namespace: 'Services' });
  const specialties = await getTranslations({ locale, namespace: 'Specialties' });
  const format = await getFormatter({ locale });

  return (
    <DefaultLayout>
      <JsonLd data={clinicJsonLd(locale)} />
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title" className={styles.heroTitle}>
            {t('heroTitle')}
          </h1>
          <p className={styles.heroLead}>{t('heroLead')}</p>
          <div className="button-row">
            <Link className="button button--primary" href="/book-online">
              {t('heroBook')}
            </Link>
            <Link className="button button--secondary" href="/patient-form">
              {t('heroIntake')}
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">{t('servicesTitle')}</h2>
          <p className="lead">{t('servicesLead')}</p>
          <ul className="card-grid">
            {serviceSlugs.map((slug) => (
              <li key={slug} className="card">
                <h3>
                  <Link href={`/services/${slug}`}>{services(`${slug}.name`)}</Link>
                </h3>
                <p>{services(`${slug}.short`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="specialties-title">
        <div className="container">
          <h2 id="specialties-title">{t('specialtiesTitle')}</h2>
          <p className="lead">{t('specialtiesLead')}</p>
          <ul className="card-grid">
            {specialtySlugs.map((slug) => (
              <li key={slug} className="card">
                <h3>
                  <Link href={`/specialties/${slug}`}>{specialties(`${slug}.name`)}</Link>
                </h3>
                <p>{specialties(`${slug}.short`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title">{t('valuesTitle')}</h2>
          <ul className="card-grid">
            {valueKeys.map((key) => (
              <li key={key} className="card">
                <h3>{t(`values.${key}.title`)}</h3>
                <p>{t(`values.${key}.text`)}</p>
              </li>
            ))}
          </ul>
          <div className={styles.statements}>
            <div>
              <h2>{t('visionTitle')}</h2>
              <p>{t('visionText')}</p>
            </div>
            <div>
              <h2>{t('missionTitle')}</h2>
              <p>{t('missionText')}</p>
            </div>
          </div>
        </div>
      </section>

      <section className={`section ${styles.figures}`} aria-labelledby="figures-title">
        <div className="container">
          <h2 id="figures-title">{t('figuresTitle')}</h2>
          <dl className={styles.figureList}>
            {figureKeys.map((key) => (
              <div key={key} className={styles.figure}>
                <dt>{t(`figures.${key}`)}</dt>
                <dd>
                  {key === 'clientSatisfaction'
                    ? format.number(clinic.figures[key] / 100, { style: 'percent' })
                    : format.number(clinic.figures[key])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </DefaultLayout>
  );
}
