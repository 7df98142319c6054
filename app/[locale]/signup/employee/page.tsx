import { AccountMessages } from '@/components/auth/AccountMessages';
import { EmployeeSignupForm } from '@/components/auth/EmployeeSignupForm';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/signup/employee', 'signup-employee', (locale) => (
  <AccountMessages locale={locale}>
    <EmployeeSignupForm />
  </AccountMessages>
));

// The invitation token is in the address: links from this page must not pass it on.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;
