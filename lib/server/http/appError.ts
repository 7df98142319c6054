import 'server-only';
import type { Locale } from '@/lib/i18n/routing';

/** Field name -> message keys (of the Validation namespace) or already-localized texts. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the server. `messageKey` names a text of the `Server` namespace
 * (messages/*.json), translated into the request's language when the response is built.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly messageKey: string = code,
    readonly options: {
      fieldErrors?: FieldErrors;
      headers?: Record<string, string>;
      values?: Record<string, string | number>;
      extra?: Record<string, unknown>;
      /** Say it in this language rather than the request's (a booking's session language). */
      locale?: Locale;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** 400 `validation_error` with one field's message key (a Validation or Server text). */
export function fieldInvalid(field: string, key: string): AppError {
  return new AppError('validation_error', 400, 'validationError', { fieldErrors: { [field]: [key] } });
}
