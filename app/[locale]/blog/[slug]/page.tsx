import { postRoute } from '@/components/content/posts/postRoute';

const route = postRoute('blog');
// Only published posts exist; any other slug is a 404.
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
