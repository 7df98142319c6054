import 'server-only';
import { inArray } from 'drizzle-orm';
import type { CheckSkillsInput } from '@/lib/schemas/booking';
import type { Database } from '@/lib/server/db/client';
import { skills } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { bookingTokenContext, signNextStep, verifyChain, type KeyContext, type RequestActor } from '../stepTokens';
import { verifyContextOf } from './actor';

/**
 * check-skills: 1 to 3 distinct reasons (the schema's part) that exist, and the patient's note.
 * The note is health data: it travels only inside the signed token and is never logged.
 */
export async function checkSkillsStep(
  db: Database,
  input: CheckSkillsInput,
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
): Promise<{ skills_token: string }> {
  const chain = await verifyChain(input, ['service', 'contact', 'address'], verifyContextOf(caller, key));
  const found = await db.select({ id: skills.id }).from(skills).where(inArray(skills.id, input.skills));
  if (found.length !== input.skills.length) {
    throw new AppError('skill_not_found', 400, 'skillNotFound', { fieldErrors: { skills: ['skillNotFound'] } });
  }
  // The client's order is kept: reason 1 is the main one (SPEC §4 clears the later ones when it changes).
  return { skills_token: await signNextStep('skills', { skillIds: input.skills, userMessage: input.user_message }, chain, key) };
}
