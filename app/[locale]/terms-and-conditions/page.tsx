import { LegalDocument } from '@/components/content/legal/LegalDocument';
import { introPage } from '@/components/layout/introPage';
import { PageBreadcrumb } from '@/components/seo/PageBreadcrumb';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadataWithOpenGraph } from '@/lib/seo/openGraph';

const page = introPage('/terms-and-conditions', 'terms-and-conditions', (locale) => (
  <>
    <PageBreadcrumb locale={locale} trail={['/terms-and-conditions']} />
    <LegalDocument locale={locale} document="terms" />
  </>
));

export async function generateMetadata({ params }: PageProps<'/[locale]/terms-and-conditions'>) {
  const { locale } = await params;
  return pageMetadataWithOpenGraph('/terms-and-conditions', 'terms-and-conditions', locale as Locale);
}
export default page.Page;
