import { Suspense } from 'react';
import { BookingFlow } from '@/components/booking/BookingFlow';
import { BookingMessages } from '@/components/booking/BookingMessages';
import { HowToBook } from '@/components/booking/HowToBook';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

// The page is static; the booking system runs in the browser against the booking API.
const page = introPage('/book-online', 'book-online', async (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <HowToBook locale={locale} />
    <BookingMessages locale={locale}>
      <Suspense>
        <BookingFlow />
      </Suspense>
    </BookingMessages>
  </>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;
