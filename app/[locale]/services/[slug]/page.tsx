import { topicRoute } from '@/components/content/topicRoute';
import { serviceSlugs } from '@/lib/i18n/routing';

const route = topicRoute({ namespace: 'Services', base: '/services' }, serviceSlugs);
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
