import { PostList } from '@/components/content/posts/PostList';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/blogs', 'blogs', (locale) => <PostList kind="blog" locale={locale} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
