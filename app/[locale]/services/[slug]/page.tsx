import { ServicePage } from '@/components/content/topic/ServicePage';
import { topicRoute } from '@/components/content/topicRoute';
import { serviceSlugs } from '@/lib/i18n/routing';
import { getPublicService } from '@/lib/server/clinic/services';

// Prerendered for every service in both languages, with the catalogue's duration and price.
const route = topicRoute({ namespace: 'Services', base: '/services' }, serviceSlugs, async (locale, slug) => (
  <ServicePage locale={locale} slug={slug} service={getPublicService(slug, locale)} />
));
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
