import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clinic } from '@/lib/clinic';
import { accountNamespaces, pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';

/** The parts of the intake form's texts the review shows: step titles, field labels and options. */
function answerTexts(messages: Messages) {
  const intake = (messages as unknown as { Intake?: { steps?: unknown; fields?: unknown } }).Intake;
  return { Intake: { steps: intake?.steps ?? {}, fields: intake?.fields ?? {} } };
}

/**
 * Texts for the pages that show intake forms to a signed-in reader: the review's own
 * (IntakeReview) and the sign-in guard's (Auth); with `account`, all the account pages' texts
 * and the receipts' (the profile, which links here); with `answers`, the step titles and field texts the detail
 * needs (Intake.steps and Intake.fields, not the rest of the form's).
 */
export async function ReviewMessages({
  locale,
  account = false,
  answers = false,
  children,
}: {
  locale: Locale;
  account?: boolean;
  answers?: boolean;
  children: ReactNode;
}) {
  const messages = await getMessages({ locale });
  // The profile (account) also lists the patient's receipts (issue #20) the chart notes shared with them (issue #40), an employee's calendar feed (issue #41).
  const picked = pickMessages(messages, [...(account ? [...accountNamespaces, 'Receipts' as const, 'Chart' as const, 'CalendarFeed' as const] : ['Auth' as const]), 'IntakeReview']);
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={clinic.timeZone}
      messages={answers ? { ...picked, ...answerTexts(messages) } : picked}
    >
      {children}
    </NextIntlClientProvider>
  );
}
