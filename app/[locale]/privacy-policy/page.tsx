import { LegalDocument } from '@/components/content/legal/LegalDocument';
import { introPage } from '@/components/layout/introPage';
import { PageBreadcrumb } from '@/components/seo/PageBreadcrumb';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadataWithOpenGraph } from '@/lib/seo/openGraph';

const page = introPage('/privacy-policy', 'privacy-policy', (locale) => (
  <>
    <PageBreadcrumb locale={locale} trail={['/privacy-policy']} />
    <LegalDocument locale={locale} document="privacy" />
  </>
));

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy-policy'>) {
  const { locale } = await params;
  return pageMetadataWithOpenGraph('/privacy-policy', 'privacy-policy', locale as Locale);
}
export default page.Page;
