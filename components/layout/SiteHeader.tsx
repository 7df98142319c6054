import { getTranslations } from 'next-intl/server';
import { AccountMenu } from '@/components/auth/AccountMenu';
import { Link } from '@/lib/i18n/navigation';
import { serviceSlugs, specialtySlugs, type Locale } from '@/lib/i18n/routing';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { NavMenu } from './NavMenu';
import styles from './SiteHeader.module.css';

export async function SiteHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const services = await getTranslations({ locale, namespace: 'Services' });
  const specialties = await getTranslations({ locale, namespace: 'Specialties' });
  const account = await getTranslations({ locale, namespace: 'AccountMenu' });
  const switcher = await getTranslations({ locale, namespace: 'LanguageSwitcher' });
  const accountTexts = {
    signIn: account('signIn'),
    signOut: account('signOut'),
    signingOut: account('signingOut'),
    myAccount: account('myAccount'),
    profileSuffix: account('profileSuffix'),
  };

  return (
    <header className={styles.header}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <div className={`container ${styles.bar}`}>
        <Link href="/" className={styles.brand} aria-label={t('logoLabel')}>
          <Logo />
          <span className={styles.brandName}>Équilibre Nutrition</span>
        </Link>

        <MobileNav label={t('menu')} buttonClassName={styles.menuButton} panelClassName={styles.panel}>
          <nav aria-label={t('mainNavigation')} className={styles.nav}>
            <ul className={styles.navList}>
              <li>
                <NavMenu label={t('services')} className={styles.dropdown} summaryClassName={styles.navLink}>
                  <ul className={styles.dropdownList}>
                    {serviceSlugs.map((slug) => (
                      <li key={slug}>
                        <Link href={`/services/${slug}`}>{services(`${slug}.name`)}</Link>
                      </li>
                    ))}
                  </ul>
                </NavMenu>
              </li>
              <li>
                <NavMenu label={t('specialties')} className={styles.dropdown} summaryClassName={styles.navLink}>
                  <ul className={styles.dropdownList}>
                    {specialtySlugs.map((slug) => (
                      <li key={slug}>
                        <Link href={`/specialties/${slug}`}>{specialties(`${slug}.name`)}</Link>
                      </li>
                    ))}
                  </ul>
                </NavMenu>
              </li>
              <li>
                <Link className={styles.navLink} href="/about-us">
                  {t('about')}
                </Link>
              </li>
              <li>
                <Link className={styles.navLink} href="/blogs">
                  {t('blog')}
                </Link>
              </li>
              <li>
                <Link className={styles.navLink} href="/contact-us">
                  {t('contact')}
                </Link>
              </li>
            </ul>
            <div className={styles.actions}>
              <AccountMenu linkClassName={styles.navLink} texts={accountTexts} />
              <LanguageSwitcher className={styles.navLink} label={switcher('label')} ariaLabel={switcher('ariaLabel')} />
              <Link className="button button--primary" href="/book-online">
                {t('bookOnline')}
              </Link>
            </div>
          </nav>
        </MobileNav>
      </div>
    </header>
  );
}
