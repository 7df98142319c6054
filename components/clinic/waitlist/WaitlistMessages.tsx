import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The waitlist page's texts (ClinicWaitlist), the sign-in guard's (Auth), the staff notice it
 * shares with the patient pages and the booking calendar's it reuses (Booking.datetime).
 */
export async function WaitlistMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={clinic.timeZone}
      messages={{
        ...pickMessages(messages, ['Auth', 'ClinicWaitlist']),
        ClinicPatients: { staffOnly: messages.ClinicPatients.staffOnly } as Messages['ClinicPatients'],
        Booking: { datetime: messages.Booking.datetime } as Messages['Booking'],
      }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
