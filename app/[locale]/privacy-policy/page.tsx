import { LegalDocument } from '@/components/content/legal/LegalDocument';
import { introPage } from '@/components/layout/introPage';
import { PageBreadcrumb } from '@/components/seo/PageBreadcrumb';
import type { Locale } from '@/lib/i18n/routing';
import { retentionPeriodsOf } from '@/lib/content/retentionPeriods';
import { pageMetadataWithOpenGraph } from '@/lib/seo/openGraph';

// Prerendered: the retention periods are the build's settings. The build records them and the
// start warns when the server keeps records for other periods (lib/content/retentionPeriods.ts).
const page = introPage('/privacy-policy', 'privacy-policy', (locale) => {
  const periods = retentionPeriodsOf(process.env);
  const retention = {
    clinicalYears: periods.RETENTION_CLINICAL_YEARS,
    minorAge: periods.RETENTION_MINOR_AGE,
    financialYears: periods.RETENTION_FINANCIAL_YEARS,
    contactYears: periods.RETENTION_CONTACT_YEARS,
  };
  return (
    <>
      <PageBreadcrumb locale={locale} trail={['/privacy-policy']} />
      <LegalDocument locale={locale} document="privacy" values={retention} />
    </>
  );
});

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy-policy'>) {
  const { locale } = await params;
  return pageMetadataWithOpenGraph('/privacy-policy', 'privacy-policy', locale as Locale);
}
export default page.Page;
