import { PostList } from '@/components/content/posts/PostList';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/quick-bites', 'quick-bites', (locale) => <PostList kind="quickBite" locale={locale} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
