import { introPage } from '@/components/layout/introPage';

const page = introPage('/blogs', 'blogs');
export const generateMetadata = page.generateMetadata;
export default page.Page;
