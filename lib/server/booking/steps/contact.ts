import 'server-only';
import type { CheckAddressInput, CheckContactInput } from '@/lib/schemas/booking';
import type { Database } from '@/lib/server/db/client';
import { assertGuestUpcomingUnderLimit } from '../guestLimits';
import { bookingTokenContext, signNextStep, verifyChain, type KeyContext, type RequestActor } from '../stepTokens';
import { verifyContextOf } from './actor';

/*
 * check-contact and check-address: the request schema has already validated the form's half
 * (lib/schemas/booking.ts); what is left is to tie the validated values to this booking.
 * Both hang off the auth token only (stepTokens STEP_PARENTS), so either may be checked first.
 */

export async function checkContactStep(
  input: CheckContactInput,
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
  /** Given, a guest's e-mail is checked against the upcoming-visits limit (guestLimits.ts). */
  db?: Database,
): Promise<{ contact_token: string }> {
  const chain = await verifyChain(input, ['auth'], verifyContextOf(caller, key));
  if (db && chain.auth.actor.kind === 'guest') {
    await assertGuestUpcomingUnderLimit(db, input.contact.email, chain.session_language.sessionLanguage, key.now);
  }
  return { contact_token: await signNextStep('contact', { contact: input.contact }, chain, key) };
}

export async function checkAddressStep(
  input: CheckAddressInput,
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
): Promise<{ address_token: string }> {
  const chain = await verifyChain(input, ['auth'], verifyContextOf(caller, key));
  return { address_token: await signNextStep('address', { address: input.contact }, chain, key) };
}
