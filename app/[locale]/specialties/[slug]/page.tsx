import { SpecialtyPage } from '@/components/content/topic/SpecialtyPage';
import { topicRoute } from '@/components/content/topicRoute';
import { specialtySlugs } from '@/lib/i18n/routing';

// Text only: prerendered for every specialty in both languages.
const route = topicRoute({ namespace: 'Specialties', base: '/specialties' }, specialtySlugs, async (locale, slug) => (
  <SpecialtyPage locale={locale} slug={slug} />
));
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
