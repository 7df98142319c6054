import type { User } from '@/lib/api/auth';

/** The signed-in dietitian of the clinic pages' unit tests, as GET /api/auth/me answers her. */
export const clinicEmployee: User = {
  id: 2,
  email: 'claire@equilibre.example',
  first_name: 'Claire',
  last_name: 'Bouchard',
  full_name: 'Claire Bouchard',
  is_active: true,
  is_employee: true,
  is_patient: false,
  groups: [],
  created_date: '2026-01-15T14:00:00Z',
  employee_data: { title: 'Dietitian' },
  user_profile: { profile_picture: null, profile_picture_url: null, preferred_language: { code: 'en' }, phone_number: null },
  patient_data: null,
};
