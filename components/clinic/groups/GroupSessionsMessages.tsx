import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The group sessions page's texts (ClinicGroups), the sign-in guard's (Auth), the form's (Validation) and the staff notice. */
export async function GroupSessionsMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={clinic.timeZone}
      messages={{
        ...pickMessages(messages, ['Auth', 'ClinicGroups', 'Validation']),
        ClinicPatients: { staffOnly: messages.ClinicPatients.staffOnly } as Messages['ClinicPatients'],
      }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
