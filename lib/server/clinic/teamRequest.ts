import 'server-only';
import { employeeIdSchema } from '@/lib/schemas/clinicTeam';
import { AppError } from '@/lib/server/http/appError';

/** The employee id of /api/clinic/employees/[id]/...; an id that cannot exist names nobody (404). */
export function employeeIdParam(id: string): number {
  const parsed = employeeIdSchema.safeParse(id);
  if (!parsed.success) throw new AppError('employee_not_found', 404, 'teamEmployeeNotFound');
  return parsed.data;
}
