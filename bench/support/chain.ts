import { eq } from 'drizzle-orm';
import { POST as checkAddress } from '../../app/api/booking/check-address/route';
import { POST as checkContact } from '../../app/api/booking/check-contact/route';
import { POST as checkService } from '../../app/api/booking/check-service/route';
import { POST as checkSession } from '../../app/api/booking/check-session/route';
import { POST as checkSkills } from '../../app/api/booking/check-skills/route';
import { POST as checkLocation } from '../../app/api/booking/locations/check/route';
import { POST as fetchLocations } from '../../app/api/booking/locations/fetch/route';
import type { Database } from '../../lib/server/db/client';
import { services, skills } from '../../lib/server/db/schema';
import { call } from '../../tests/integration/support/http';

export type Json = Record<string, unknown>;
type Handler = Parameters<typeof call>[0];

export async function ok(handler: Handler, path: string, body: unknown): Promise<Json> {
  const res = await call(handler, path, { body });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}

/**
 * A guest's chain up to the location token, through the step handlers, for `service` at the
 * first office, asking for the skill every bench dietitian holds: the fetch then weighs all the
 * dietitians. Returns the body of available-appointments/fetch; its tokens live
 * BOOKING_TOKEN_TTL_SECONDS (30 min by default), far longer than the run.
 */
export async function fetchBody(db: Database, options: { service: string }): Promise<Json> {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.slug, options.service));
  const [skill] = await db.select({ id: skills.id }).from(skills).orderBy(skills.id).limit(1);
  const contact = {
    firstName: 'Bench', lastName: 'Guest', email: 'bench-guest@example.ca', phone: '613 555 0142', createAccount: false,
    streetNumber: '12', streetName: 'Rue Principale', unitNumber: '', city: 'Ottawa', province: 'ON', postalCode: 'K1P 5G3', country: 'CA',
  };
  const t: Json = { ...(await ok(checkSession, '/api/booking/check-session', { session_language: 'en' })) };
  const base = { session_language_token: t.session_language_token, auth_token: t.auth_token };
  Object.assign(t, await ok(checkService, '/api/booking/check-service', { ...base, service_id: service!.id }));
  Object.assign(t, await ok(checkContact, '/api/booking/check-contact', { ...base, contact }));
  Object.assign(t, await ok(checkAddress, '/api/booking/check-address', { ...base, contact }));
  const steps = { ...base, service_token: t.service_token, contact_token: t.contact_token, address_token: t.address_token };
  const { skills_token } = await ok(checkSkills, '/api/booking/check-skills', { ...steps, skills: [skill!.id] });
  const located = { ...steps, skills_token };
  const { office_data_token, offices } = (await ok(fetchLocations, '/api/booking/locations/fetch', located)) as { office_data_token: string; offices: { id: number }[] };
  const { location_token } = await ok(checkLocation, '/api/booking/locations/check', { ...located, office_data_token, selected_office_id: offices[0]!.id });
  return { ...located, office_data_token, location_token };
}
