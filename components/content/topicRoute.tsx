import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { StandardPageLayout } from '@/components/layout/PageLayouts';
import { Link } from '@/lib/i18n/navigation';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { alternatesFor } from '@/lib/seo/metadata';

type Topic = { namespace: 'Services'; base: '/services' } | { namespace: 'Specialties'; base: '/specialties' };
type Props = { params: Promise<{ locale: string; slug: string }> };

/**
 * The routes of a family of topic pages (the services, the specialties): one page per
 * known slug, titled by its name and summary, with the way to book.
 */
export function topicRoute({ namespace, base }: Topic, slugs: readonly string[]) {
  const known = (slug: string) => slugs.includes(slug);

  function generateStaticParams() {
    return slugs.map((slug) => ({ slug }));
  }

  async function generateMetadata({ params }: Props) {
    const { locale, slug } = await params;
    if (!known(slug)) return {};
    const t = await getTranslations({ locale: locale as Locale, namespace });
    return {
      title: t(`${slug}.name` as never),
      description: t(`${slug}.short` as never),
      alternates: alternatesFor(`${base}/${slug}` as AppPathname, locale as Locale),
    };
  }

  async function Page({ params }: Props) {
    const { locale, slug } = await params;
    if (!known(slug)) notFound();
    setRequestLocale(locale as Locale);
    const t = await getTranslations({ locale: locale as Locale, namespace });
    const nav = await getTranslations({ locale: locale as Locale, namespace: 'Nav' });
    return (
      <StandardPageLayout title={t(`${slug}.name` as never)} intro={t(`${slug}.short` as never)}>
        <div className="button-row">
          <Link className="button button--primary" href="/book-online">
            {nav('bookOnline')}
          </Link>
          <Link className="button button--secondary" href="/contact-us">
            {nav('contact')}
          </Link>
        </div>
      </StandardPageLayout>
    );
  }

  return { generateStaticParams, generateMetadata, Page };
}
