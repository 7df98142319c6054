import { introPage } from '@/components/layout/introPage';

// Any uid and token reach the page; the server judges the link when it is used.
export const dynamicParams = true;

const page = introPage('/reset-password/[uid]/[token]', 'reset-password-uid-token');
export const generateMetadata = page.generateMetadata;
export default page.Page;
