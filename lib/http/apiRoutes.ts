/**
 * Every route handler under app/api, with the methods it answers. The middleware answers other
 * methods with 405 and unknown addresses with 404 in the API's failure shape; the security tests
 * walk this table. A unit test checks it against the route files, so it cannot drift.
 */
export const apiRoutes = {
  '/api/account/chart': ['GET'],
  '/api/account/close': ['POST'],
  '/api/account/data-export': ['GET'],
  '/api/address/metadata': ['GET'],
  '/api/analytics/pageview': ['POST'],
  '/api/auth/change-password': ['POST'],
  '/api/auth/login': ['POST'],
  '/api/auth/logout': ['POST'],
  '/api/auth/me': ['GET'],
  '/api/auth/password-reset': ['POST'],
  '/api/auth/password-reset/confirm': ['POST'],
  '/api/auth/resend-verification': ['POST'],
  '/api/auth/signup': ['POST'],
  '/api/auth/signup/employee': ['POST'],
  '/api/auth/validate-token': ['GET'],
  '/api/auth/verify-email': ['POST'],
  '/api/booking/available-appointments/check': ['POST'],
  '/api/booking/available-appointments/fetch': ['POST'],
  '/api/booking/book-appointment': ['POST'],
  '/api/booking/booked-appointments': ['GET'],
  '/api/booking/cancel-appointment': ['POST'],
  '/api/booking/check-address': ['POST'],
  '/api/booking/check-contact': ['POST'],
  '/api/booking/check-service': ['POST'],
  '/api/booking/check-session': ['POST'],
  '/api/booking/check-skills': ['POST'],
  '/api/booking/locations/check': ['POST'],
  '/api/booking/locations/fetch': ['POST'],
  '/api/booking/manage': ['POST'],
  '/api/booking/manage/cancel': ['POST'],
  '/api/booking/manage/receipts': ['POST'],
  '/api/booking/manage/receipts/pdf': ['POST'],
  '/api/booking/manage/reschedule': ['POST'],
  '/api/booking/manage/slots': ['POST'],
  '/api/booking/patients': ['GET'],
  '/api/booking/selected-patient-info': ['GET'],
  '/api/booking/waitlist': ['POST'],
  '/api/booking/waitlist/claim': ['POST'],
  '/api/booking/waitlist/join': ['POST'],
  '/api/booking/waitlist/leave': ['POST'],
  '/api/build': ['GET'],
  '/api/calendar-feeds/[token]': ['GET'],
  '/api/health': ['GET'],
  '/api/clinic/agenda': ['GET'],
  '/api/clinic/calendar-feed': ['GET', 'POST', 'PUT', 'DELETE'],
  '/api/clinic/backups': ['GET'],
  '/api/clinic/chart-entries/[id]': ['GET', 'PUT', 'DELETE'],
  '/api/clinic/chart-entries/[id]/addenda': ['POST'],
  '/api/clinic/chart-entries/[id]/entered-in-error': ['POST'],
  '/api/clinic/chart-entries/[id]/sharing': ['PUT'],
  '/api/clinic/chart-entries/[id]/sign': ['POST'],
  '/api/clinic/appointments/[id]/payments': ['GET', 'POST'],
  '/api/clinic/data-export': ['GET'],
  '/api/clinic/appointments/[id]/status': ['POST'],
  '/api/clinic/employees/[id]/deactivate': ['POST'],
  '/api/clinic/employees/[id]/reactivate': ['POST'],
  '/api/clinic/employees/[id]/registration': ['PUT'],
  '/api/clinic/group-sessions': ['GET', 'POST'],
  '/api/clinic/group-sessions/[id]': ['PATCH'],
  '/api/clinic/group-sessions/[id]/cancel': ['POST'],
  '/api/clinic/group-sessions/[id]/handouts': ['GET', 'POST'],
  '/api/clinic/group-sessions/[id]/handouts/send': ['POST'],
  '/api/clinic/group-sessions/[id]/move': ['POST'],
  '/api/clinic/group-sessions/choices': ['GET'],
  '/api/clinic/group-topics/[id]/handouts': ['GET', 'POST'],
  '/api/clinic/handouts/[id]': ['DELETE'],
  '/api/clinic/invitations': ['POST'],
  '/api/clinic/mail-failures': ['GET'],
  '/api/clinic/mail-failures/[id]/retry': ['POST'],
  '/api/clinic/notes-to-sign': ['GET'],
  '/api/clinic/patients': ['GET'],
  '/api/clinic/payments/export': ['GET'],
  '/api/clinic/patients/[id]': ['GET'],
  '/api/clinic/patients/[id]/chart': ['GET', 'POST'],
  '/api/clinic/patients/[id]/chart-pdf': ['GET'],
  '/api/clinic/receipts/[id]/pdf': ['GET'],
  '/api/clinic/receipts/[id]/void': ['POST'],
  '/api/clinic/records-requests': ['GET', 'POST'],
  '/api/clinic/records-requests/[id]': ['PATCH'],
  '/api/clinic/records-requests/people': ['GET'],
  '/api/clinic/schedule': ['GET', 'PUT'],
  '/api/clinic/team': ['GET'],
  '/api/clinic/time-off': ['POST'],
  '/api/clinic/time-off/[id]': ['DELETE'],
  '/api/clinic/waitlist': ['GET'],
  '/api/clinic/waitlist/[id]': ['DELETE'],
  '/api/clinic/waitlist/[id]/offers': ['POST'],
  '/api/clinic/waitlist/[id]/slots': ['GET'],
  '/api/contact': ['POST'],
  '/api/group-sessions': ['GET'],
  '/api/handouts/[token]': ['GET'],
  '/api/intake': ['GET', 'POST'],
  '/api/intake/[id]': ['GET'],
  '/api/intake/draft': ['GET', 'PUT', 'DELETE'],
  '/api/nutrition/skills/all': ['GET'],
  '/api/privacy/data-export': ['POST'],
  '/api/privacy/data-request': ['POST'],
  '/api/receipts': ['GET'],
  '/api/receipts/[id]/pdf': ['GET'],
  '/api/receipts/year/[year]/pdf': ['GET'],
  '/api/services/all': ['GET'],
} as const satisfies Record<string, readonly HttpMethod[]>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiPath = keyof typeof apiRoutes;

const patterns = (Object.keys(apiRoutes) as ApiPath[]).map((path) => ({
  path,
  regex: new RegExp(`^${path.replace(/\[\w+\]/g, '[^/]+')}/?$`),
}));

/** The table entry an address belongs to (`/api/intake/abc` → `/api/intake/[id]`), if any. */
export function matchApiRoute(pathname: string): ApiPath | undefined {
  // A literal route wins over a parameter (`/api/intake/draft` is not `/api/intake/[id]`).
  const matches = patterns.filter((p) => p.regex.test(pathname)).map((p) => p.path);
  return matches.find((path) => !path.includes('[')) ?? matches[0];
}

/** The methods an address answers, with the HEAD and OPTIONS that Next adds on its own. */
export function allowedMethods(path: ApiPath): string[] {
  const methods: string[] = [...apiRoutes[path]];
  if (methods.includes('GET')) methods.push('HEAD');
  methods.push('OPTIONS');
  return methods;
}
