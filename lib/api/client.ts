import axios, { type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';

import { announceBookingTokenExpired, apiSettings, type ApiTexts, type Notify, type ToastKind } from './settings';

export interface ApiClientOptions {
  baseURL?: string;
  /** The interface language, sent as Accept-Language on every call (default en). */
  language?: () => string;
  notify: Notify;
  /** Read at the time of the failure, so a locale switch applies to requests already in flight. */
  texts: () => ApiTexts;
  onBookingTokenExpired?: () => void;
  retryDelayMs?: number;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Background calls (e.g. session checks) must never toast; the failure still rejects. */
    silent?: boolean;
    /**
     * The caller shows this call's failures in its own form (inline), so the client does not
     * toast them too: one message per failure. `true` for every failure, or a test of the
     * failure for some of them. Successes are still relayed, and a booking token expiry still
     * toasts: it resets the booking form that would have shown it.
     */
    inlineFailures?: boolean | ((failure: InlineFailure) => boolean);
  }
}

/** What `inlineFailures` is told of a failure: its HTTP status (null without an answer) and code. */
interface InlineFailure {
  status: number | null;
  code: string | null;
}

const TOAST_KINDS: readonly ToastKind[] = ['success', 'error', 'info', 'warning'];
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const VALIDATE_TOKEN_PATH = '/api/auth/validate-token';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toKind(value: unknown): ToastKind | undefined {
  return TOAST_KINDS.find((kind) => kind === value);
}

/** Valid items of `body.messages` as toasts; strings take `stringKind`, objects their own type or `fallback`. */
function toastsOf(body: unknown, stringKind: ToastKind, fallback: ToastKind): Array<[ToastKind, string]> {
  if (!isRecord(body) || !Array.isArray(body.messages)) return [];
  const toasts: Array<[ToastKind, string]> = [];
  for (const item of body.messages as unknown[]) {
    if (typeof item === 'string') toasts.push([stringKind, item]);
    else if (isRecord(item) && typeof item.message === 'string') {
      toasts.push([toKind(item.type) ?? fallback, item.message]);
    }
  }
  return toasts;
}

export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const http = axios.create({
    baseURL: options.baseURL ?? process.env.NEXT_PUBLIC_API_BASE_URL ?? '',
    withCredentials: true,
  });
  // Read at send time, so a language switch applies to the very next call.
  http.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', options.language?.() ?? 'en');
    return config;
  });

  // Registered first so its retry settles before the relay below runs.
  axiosRetry(http, {
    retries: 1,
    retryDelay: () => options.retryDelayMs ?? 300,
    retryCondition: (error) =>
      error.config?.method === 'get' && error.response !== undefined && RETRY_STATUSES.has(error.response.status),
  });

  // axios-retry re-enters the whole interceptor chain for the retry, so the same outcome
  // reaches the relay twice (inner and outer chain); relay each outcome only once.
  const relayed = new WeakSet<object>();
  const firstTime = (outcome: unknown): boolean => {
    if (!isRecord(outcome) || relayed.has(outcome)) return false;
    relayed.add(outcome);
    return true;
  };

  const isValidateToken = (config: InternalAxiosRequestConfig | undefined): boolean =>
    config?.method === 'get' && (http.getUri(config).split(/[?#]/)[0] ?? '').endsWith(VALIDATE_TOKEN_PATH);

  const relaySuccess = (response: AxiosResponse): AxiosResponse => {
    if (!firstTime(response) || response.config.silent) return response;
    const data: unknown = response.data;
    const responseKind = (isRecord(data) && toKind(data.type)) || 'success';
    for (const [kind, message] of toastsOf(data, responseKind, 'success')) options.notify(kind, message);
    return response;
  };

  /** True when the caller shows this failure itself (see `inlineFailures`). */
  const shownInline = (error: AxiosError): boolean => {
    const rule = error.config?.inlineFailures;
    if (!rule) return false;
    const body: unknown = error.response?.data;
    const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
    if (code === 'booking_token_expired') return false;
    return rule === true || rule({ status: error.response?.status ?? null, code });
  };

  const relayFailure = (error: unknown): Promise<never> => {
    if (!firstTime(error) || axios.isCancel(error)) return Promise.reject(error);
    const silent = axios.isAxiosError(error) && (error.config?.silent === true || shownInline(error));

    // Not an axios error, or one that never left the browser: the request itself is at fault.
    if (!axios.isAxiosError(error) || (!error.response && !error.request)) {
      if (!silent) options.notify('error', options.texts().requestError);
      return Promise.reject(error);
    }

    const failure: AxiosError = error;
    const status = failure.response?.status;
    // An expired session is an expected answer to the token check, not something to report.
    if ((status === 401 || status === 403) && isValidateToken(failure.config)) return Promise.reject(failure);

    const body: unknown = failure.response?.data;
    if (status === 401 && isRecord(body) && body.code === 'booking_token_expired') options.onBookingTokenExpired?.();

    if (!silent) {
      const toasts = toastsOf(body, 'error', 'error');
      if (toasts.length === 0) options.notify('error', options.texts().networkError);
      for (const [kind, message] of toasts) options.notify(kind, message);
    }
    return Promise.reject(failure);
  };

  http.interceptors.response.use(relaySuccess, relayFailure);

  return http;
}

// App-wide client: the interface configures it through lib/api/settings.ts.
export const api: AxiosInstance = createApiClient({
  language: () => apiSettings.language,
  notify: (kind, message) => apiSettings.notify(kind, message),
  texts: () => apiSettings.texts,
  onBookingTokenExpired: announceBookingTokenExpired,
});
