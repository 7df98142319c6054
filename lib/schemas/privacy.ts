import { z } from 'zod';
import { emailSchema } from './contact';
import { idTextSchema } from './ids';
import { manageTokenSchema } from './manageAppointment';

/** POST /api/account/close: the account's password, typed again. */
export const closeAccountSchema = z.strictObject({
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024, { error: 'tooLong' }),
});

/** POST /api/privacy/data-export: a guest's e-mailed link (its token, as a manage link's). */
export const dataLinkSchema = manageTokenSchema;

/** GET /api/clinic/data-export: one patient account, or one guest by the address of their bookings. */
export const clinicExportQuerySchema = z.union([
  z.strictObject({ patient_id: idTextSchema('numberInvalid') }),
  z.strictObject({ email: emailSchema }),
]);
