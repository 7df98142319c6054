import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import type { AppPathname, Locale, ServiceSlug, SpecialtySlug } from '@/lib/i18n/routing';
import { openGraphFor } from '@/lib/seo/openGraph';
import { alternatesFor } from '@/lib/seo/metadata';

type Topic = { namespace: 'Services'; base: '/services' } | { namespace: 'Specialties'; base: '/specialties' };
type Props = { params: Promise<{ locale: string; slug: string }> };

/**
 * The routes of a family of topic pages (the services, the specialties): one page per known
 * slug, titled by its name and summary. `render` draws the page itself.
 */
export function topicRoute<Slug extends ServiceSlug | SpecialtySlug>(
  { namespace, base }: Topic,
  slugs: readonly Slug[],
  render: (locale: Locale, slug: Slug) => Promise<ReactNode>,
) {
  const known = (slug: string): slug is Slug => (slugs as readonly string[]).includes(slug);

  function generateStaticParams() {
    return slugs.map((slug) => ({ slug }));
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, slug } = await params;
    if (!known(slug)) return {};
    const t = await getTranslations({ locale: locale as Locale, namespace });
    const title = t(`${slug}.name` as never);
    const description = t(`${slug}.short` as never);
    const pathname = `${base}/${slug}` as AppPathname;
    return {
      title,
      description,
      alternates: alternatesFor(pathname, locale as Locale),
      openGraph: await openGraphFor(pathname, locale as Locale, title, description),
    };
  }

  async function Page({ params }: Props) {
    const { locale, slug } = await params;
    if (!known(slug)) notFound();
    setRequestLocale(locale as Locale);
    return render(locale as Locale, slug);
  }

  return { generateStaticParams, generateMetadata, Page };
}
