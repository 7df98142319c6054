import { getTranslations } from 'next-intl/server';
import { connection } from 'next/server';
import { StaticImage } from '@/components/ui/StaticImage';
import { introPage } from '@/components/layout/introPage';
import { PageBreadcrumb } from '@/components/seo/PageBreadcrumb';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getTeam, type TeamMember } from '@/lib/server/clinic/team';
import { getDb } from '@/lib/server/db/client';
import { pageMetadataWithOpenGraph } from '@/lib/seo/openGraph';
import styles from '../about.module.css';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
}

async function Member({ locale, member }: { locale: Locale; member: TeamMember }) {
  const t = await getTranslations({ locale, namespace: 'Team' });
  return (
    <li className={styles.member}>
      {member.photoUrl ? (
        // The portrait is decorative: the name is the heading next to it.
        <StaticImage className={styles.photo} src={member.photoUrl} alt="" width={128} height={128} unoptimized />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initials(member.name)}
        </span>
      )}
      <div>
        <h2>{member.name}</h2>
        <p className={styles.role}>{member.title}</p>
      </div>
      <p>{member.bio}</p>
      <dl className={styles.facts}>
        <dt>{t('languages')}</dt>
        <dd>{member.languages.map((code) => t(`languageNames.${code}`)).join(', ')}</dd>
        {member.skills.length > 0 ? (
          <>
            <dt>{t('skills')}</dt>
            <dd>{member.skills.join(', ')}</dd>
          </>
        ) : null}
        {member.registrationNumber ? (
          <>
            <dt>{t('registration')}</dt>
            <dd>{member.registrationNumber}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

// The dietitians come from the database: rendered per request, never during `next build`.
async function TeamBody({ locale }: { locale: Locale }) {
  await connection();
  const [team, t] = await Promise.all([
    getTeam(await getDb(), locale),
    getTranslations({ locale, namespace: 'Team' }),
  ]);
  return (
    <>
      <PageBreadcrumb locale={locale} trail={['/about-us', '/about-us/our-team']} />
      {team.length > 0 ? (
        <ul className={styles.team} data-testid="team">
          {team.map((member) => (
            <Member key={member.id} locale={locale} member={member} />
          ))}
        </ul>
      ) : (
        <p>{t('empty')}</p>
      )}
      <section className={styles.next} aria-labelledby="team-cta-title">
        <h2 id="team-cta-title">{t('ctaTitle')}</h2>
        <p>{t('ctaText')}</p>
        <Link className="button button--primary" href="/book-online">
          {t('book')}
        </Link>
      </section>
    </>
  );
}

const page = introPage('/about-us/our-team', 'about-us-our-team', (locale) => <TeamBody locale={locale} />);

export async function generateMetadata({ params }: PageProps<'/[locale]/about-us/our-team'>) {
  const { locale } = await params;
  return pageMetadataWithOpenGraph('/about-us/our-team', 'about-us-our-team', locale as Locale);
}
export default page.Page;
