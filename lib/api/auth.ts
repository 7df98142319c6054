import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  emailOnlySchema,
  employeeSignupSchema,
  loginSchema,
  passwordResetConfirmSchema,
  signupSchema,
  verifyEmailSchema,
} from '@/lib/schemas/auth';
import { apiSettings } from './settings';

/** SPEC §3 User, as GET /api/auth/me and the sign-in and sign-up calls return it. */
export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  is_active: boolean;
  is_employee: boolean;
  is_patient: boolean;
  groups: string[];
  created_date: string;
  /** Present for employees; which details it carries depends on the employee record. */
  employee_data: { title?: string | null; languages?: string[]; is_admin?: boolean } | null;
  user_profile: {
    profile_picture: null;
    profile_picture_url: string | null;
    preferred_language: { code: 'en' | 'fr' };
    phone_number: string | null;
  };
  patient_data: { id: number; preferred_dietitian: number | null; preferred_dietitian_name: string | null } | null;
}

export type LoginCredentials = z.output<typeof loginSchema>;
export type SignupBody = z.output<typeof signupSchema>;
export type EmployeeSignupBody = z.output<typeof employeeSignupSchema>;
export type EmailLinkBody = z.output<typeof verifyEmailSchema>;
export type EmailBody = z.output<typeof emailOnlySchema>;
export type PasswordResetConfirmBody = z.output<typeof passwordResetConfirmSchema>;
export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

export interface AddressMetadata {
  provinces: Array<{ code: string; name: string }>;
  countries: Array<{ code: string; name: string }>;
  language: string;
}

/** SPEC §9: address metadata is kept one hour. */
export const ADDRESS_METADATA_TTL_MS = 60 * 60 * 1000;

/** What a failed call said, read from the failure body `{ code, messages, field_errors? }`. */
export interface ApiFailure {
  /** HTTP status, or null when no answer came back (network, request error). */
  status: number | null;
  code: string | null;
  /** The first server message (already in the interface language), if any. */
  message: string | null;
  /** Dotted field path -> localized messages. */
  fieldErrors: Record<string, string[]>;
  /** Seconds from the Retry-After header of a 429, when present. */
  retryAfterSeconds: number | null;
  /** The whole failure body, for flags such as require_email_verification. */
  data: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads any rejection of the API client. Duck-typed (no axios import), so code that only
 * interprets failures, like the auth store, does not pull the HTTP client into the page.
 */
export function readApiFailure(error: unknown): ApiFailure {
  const response = isRecord(error) && isRecord(error.response) ? error.response : null;
  const data = response && isRecord(response.data) ? response.data : {};
  const messages = Array.isArray(data.messages) ? (data.messages as unknown[]) : [];
  const first = messages.find((m) => typeof m === 'string' || (isRecord(m) && typeof m.message === 'string'));
  const fieldErrors: Record<string, string[]> = {};
  if (isRecord(data.field_errors)) {
    for (const [field, list] of Object.entries(data.field_errors)) {
      const texts = (Array.isArray(list) ? list : [list]).filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) fieldErrors[field] = texts;
    }
  }
  const headers = response && isRecord(response.headers) ? response.headers : {};
  const retryAfter = Number(headers['retry-after']);
  return {
    status: response && typeof response.status === 'number' ? response.status : null,
    code: typeof data.code === 'string' ? data.code : null,
    message: typeof first === 'string' ? first : isRecord(first) ? (first.message as string) : null,
    fieldErrors,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    data,
  };
}

/**
 * The account forms show every failure of their call in place (at the fields or in an alert),
 * so the client does not toast it as well: one message per failure.
 */
const INLINE = { inlineFailures: true } as const;

/**
 * One typed function per account endpoint. `getHttp` hands over the axios instance: the app
 * loads it on first use (pages without forms need not download axios), tests pass their own.
 */
export function createAuthApi(getHttp: () => AxiosInstance | Promise<AxiosInstance>, options: { baseURL?: string } = {}) {
  const metadataCache = new Map<string, { at: number; data: Promise<AddressMetadata> }>();
  /**
   * A silent GET by plain fetch, for the background calls a page makes as it starts (the session
   * check, the address form's provinces and countries): most pages never need the HTTP client
   * otherwise, and its download and start cost a phone 100-200 ms of a blocked page (issue #42).
   */
  const plainGet = (path: string, language: string) =>
    fetch(`${options.baseURL ?? process.env.NEXT_PUBLIC_API_BASE_URL ?? ''}${path}`, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': language },
    });

  return {
    /** The form shows a refusal; a required reset goes to its prompt page, so that one still toasts. */
    async login(credentials: LoginCredentials): Promise<{ user: User | null }> {
      const { data } = await (await getHttp()).post<{ user?: User }>('/api/auth/login', credentials, {
        inlineFailures: ({ code }) => code !== 'password_reset_required',
      });
      return { user: data.user ?? null };
    },

    async logout(): Promise<void> {
      await (await getHttp()).post('/api/auth/logout');
    },

    /** A background call: a failure never toasts (the store marks that a refresh is needed). */
    async me(): Promise<User> {
      const { data } = await (await getHttp()).get<{ user: User }>('/api/auth/me', { silent: true });
      return data.user;
    },

    /**
     * True for a live session, false for none (401/403); other failures reject. Silent like
     * before, and a plain fetch (`plainGet`), as this check runs at the start of every page.
     */
    async validateToken(): Promise<boolean> {
      const response = await plainGet('/api/auth/validate-token', apiSettings.language);
      if (response.status === 401 || response.status === 403) return false;
      if (!response.ok) throw new Error(`validate-token answered ${response.status}`);
      const data = (await response.json()) as { valid?: boolean };
      return data.valid === true;
    },

    async signup(body: SignupBody): Promise<{ user: User | null }> {
      const { data } = await (await getHttp()).post<{ user?: User }>('/api/auth/signup', body, INLINE);
      return { user: data.user ?? null };
    },

    async signupEmployee(body: EmployeeSignupBody): Promise<{ user: User | null }> {
      const { data } = await (await getHttp()).post<{ user?: User }>('/api/auth/signup/employee', body, INLINE);
      return { user: data.user ?? null };
    },

    async verifyEmail(body: EmailLinkBody): Promise<void> {
      await (await getHttp()).post('/api/auth/verify-email', body, INLINE);
    },

    async resendVerification(body: EmailBody): Promise<void> {
      await (await getHttp()).post('/api/auth/resend-verification', body, INLINE);
    },

    async requestPasswordReset(body: EmailBody): Promise<void> {
      await (await getHttp()).post('/api/auth/password-reset', body, INLINE);
    },

    async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
      await (await getHttp()).post('/api/auth/password-reset/confirm', body, INLINE);
    },

    /** An ended session (401) sends the page to sign-in rather than to the form: that one still toasts. */
    async changePassword(body: ChangePasswordBody): Promise<void> {
      await (await getHttp()).post('/api/auth/change-password', body, { inlineFailures: ({ status }) => status !== 401 });
    },

    /**
     * Provinces and countries named in `language` (sent as Accept-Language), by a plain fetch,
     * kept for an hour per language; a failed load is forgotten so the next call retries.
     */
    addressMetadata(language: string, now: number = Date.now()): Promise<AddressMetadata> {
      const cached = metadataCache.get(language);
      if (cached && now - cached.at < ADDRESS_METADATA_TTL_MS) return cached.data;
      const data = (async () => {
        const response = await plainGet('/api/address/metadata', language);
        if (!response.ok) throw new Error(`address metadata answered ${response.status}`);
        return (await response.json()) as AddressMetadata;
      })();
      metadataCache.set(language, { at: now, data });
      data.catch(() => {
        if (metadataCache.get(language)?.data === data) metadataCache.delete(language);
      });
      return data;
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

/** The app's instance, on the shared client (loaded with the first call). */
export const authApi: AuthApi = createAuthApi(() => import('./client').then((m) => m.api));
