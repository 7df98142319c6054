import { introPage } from '@/components/layout/introPage';

const page = introPage('/book-online', 'book-online');
export const generateMetadata = page.generateMetadata;
export default page.Page;
