import 'server-only';
import { AppError } from '@/lib/server/http/appError';
import { pathId } from '@/lib/server/http/pathId';

/** The employee id of /api/clinic/employees/[id]/...; an id that cannot exist names nobody (404). */
export function employeeIdParam(id: string): number {
  return pathId(id, () => new AppError('employee_not_found', 404, 'teamEmployeeNotFound'));
}
