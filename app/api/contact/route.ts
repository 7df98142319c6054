import { contactMessageSchema } from '@/lib/schemas/contactMessage';
import { submitContactMessage } from '@/lib/server/contact/submitContactMessage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The contact page's form. A honeypot hit gets this same answer (see submitContactMessage). */
export const POST = handle(async (ctx) => {
  const input = await ctx.body(contactMessageSchema);
  await submitContactMessage(await getDb(), input, { ip: ctx.ip, locale: ctx.locale });
  return ok({ messages: [{ message: ctx.t.server('contactSent'), type: 'success' }] });
});
