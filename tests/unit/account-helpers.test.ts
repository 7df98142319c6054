import { describe, expect, it } from 'vitest';
import { returnHref, safeNextPath } from '@/components/auth/nextPath';
import { initialsOf } from '@/components/profile/Avatar';
import { readApiFailure } from '@/lib/api/auth';
import { formatPostalCode } from '@/lib/format/postalCode';
import { createUserStore, selectFirstName, selectFullName, selectIsEmployee, selectIsPatient, selectRoleDescription } from '@/stores/user';
import type { User } from '@/lib/api/auth';

describe('formatPostalCode (SPEC §5: 6 characters show as 3+3 with a dash)', () => {
  it('shows a Canadian postal code however it was typed as A1A-1A1', () => {
    expect(formatPostalCode('K1P 5G3')).toBe('K1P-5G3');
    expect(formatPostalCode('k1p5g3')).toBe('K1P-5G3');
    expect(formatPostalCode('K1P-5G3')).toBe('K1P-5G3');
    expect(formatPostalCode('  k1p 5g3 ')).toBe('K1P-5G3');
  });

  it('leaves other lengths as given', () => {
    expect(formatPostalCode('90210')).toBe('90210');
    expect(formatPostalCode('90210-1234')).toBe('90210-1234');
    expect(formatPostalCode(' SW1A 1AA ')).toBe('SW1A 1AA');
    expect(formatPostalCode('')).toBe('');
  });
});

describe('the return path after signing in', () => {
  it('keeps same-site relative paths', () => {
    expect(safeNextPath('/profile')).toBe('/profile');
    expect(safeNextPath('/book-online?service=3')).toBe('/book-online?service=3');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      '//evil.example/profile',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'profile',
      '/\tprofile',
      '/\nprofile',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(value)).toBeNull();
    }
    // Encoded characters stay encoded: a path, not a header.
    expect(safeNextPath('/%0d%0aSet-Cookie')).toBe('/%0d%0aSet-Cookie');
  });

  it('goes to a page of the route table, else to the profile', () => {
    expect(returnHref('/change-password')).toEqual({ pathname: '/change-password' });
    expect(returnHref('/book-online?step=2')).toEqual({ pathname: '/book-online', query: { step: '2' } });
    expect(returnHref('//evil.example')).toEqual({ pathname: '/profile' });
    expect(returnHref('/no-such-page')).toEqual({ pathname: '/profile' });
    expect(returnHref('/login')).toEqual({ pathname: '/profile' });
    expect(returnHref('/reset-password/[uid]/[token]')).toEqual({ pathname: '/profile' });
    expect(returnHref(null)).toEqual({ pathname: '/profile' });
  });
});

describe('readApiFailure', () => {
  it('reads code, first message, field errors and Retry-After from a failed response', () => {
    const failure = readApiFailure({
      response: {
        status: 400,
        headers: { 'retry-after': '30' },
        data: {
          code: 'validation_error',
          messages: [{ message: 'Some fields need checking.', type: 'error' }],
          field_errors: { 'contact.email': ['Enter a valid e-mail address.'], password: 'Too short.' },
        },
      },
    });
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Some fields need checking.',
      fieldErrors: { 'contact.email': ['Enter a valid e-mail address.'], password: ['Too short.'] },
      retryAfterSeconds: 30,
    });
  });

  it('has nothing to say about a request that got no answer', () => {
    expect(readApiFailure(new Error('socket hang up'))).toEqual({
      status: null,
      code: null,
      message: null,
      fieldErrors: {},
      retryAfterSeconds: null,
      data: {},
    });
  });
});

const base: User = {
  id: 1,
  email: 'a@example.ca',
  first_name: 'Élise',
  last_name: 'Ouellet',
  full_name: '',
  is_active: true,
  is_employee: false,
  is_patient: false,
  groups: [],
  created_date: '2026-01-01T00:00:00Z',
  employee_data: null,
  user_profile: { profile_picture: null, profile_picture_url: null, preferred_language: { code: 'en' }, phone_number: null },
  patient_data: null,
};

describe('user store selectors', () => {
  it('describes the role as Employee, Patient or Unknown (SPEC §6)', () => {
    const store = createUserStore();
    expect(selectRoleDescription(store.getState())).toBe('Unknown');
    store.getState().setProfile({ ...base, is_patient: true });
    expect(selectRoleDescription(store.getState())).toBe('Patient');
    expect(selectIsPatient(store.getState())).toBe(true);
    store.getState().setProfile({ ...base, is_employee: true, is_patient: true });
    expect(selectRoleDescription(store.getState())).toBe('Employee');
    expect(selectIsEmployee(store.getState())).toBe(true);
    store.getState().setProfile(base);
    expect(selectRoleDescription(store.getState())).toBe('Unknown');
    store.getState().clear();
    expect(selectRoleDescription(store.getState())).toBe('Unknown');
  });

  it('derives the names, falling back on first and last name', () => {
    const store = createUserStore();
    expect(selectFullName(store.getState())).toBeNull();
    store.getState().setProfile(base);
    expect(selectFullName(store.getState())).toBe('Élise Ouellet');
    expect(selectFirstName(store.getState())).toBe('Élise');
    store.getState().setProfile({ ...base, full_name: 'Élise M. Ouellet' });
    expect(selectFullName(store.getState())).toBe('Élise M. Ouellet');
  });

  it('makes initials for the avatar', () => {
    expect(initialsOf('élise', 'ouellet', 'fr')).toBe('ÉO');
    expect(initialsOf('', '')).toBe('?');
  });
});
