import { topicRoute } from '@/components/content/topicRoute';
import { specialtySlugs } from '@/lib/i18n/routing';

const route = topicRoute({ namespace: 'Specialties', base: '/specialties' }, specialtySlugs);
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
