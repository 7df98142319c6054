import { postRoute } from '@/components/content/posts/postRoute';

const route = postRoute('quickBite');
// Only published quick bites exist; any other slug is a 404.
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
