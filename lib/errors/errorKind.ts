/** The rows of the SPEC §2 error table. */
export type ErrorKind = 'notFound' | 'server' | 'denied' | 'request' | 'unknown';
export type ErrorAction = 'goHome' | 'goBack' | 'tryAgain' | 'login';

export function errorKind(status: number | undefined): ErrorKind {
  if (status === 404) return 'notFound';
  if (status === 401 || status === 403) return 'denied';
  if (status !== undefined && status >= 500) return 'server';
  if (status !== undefined && status >= 400 && status < 500) return 'request';
  return 'unknown';
}

/** The two buttons of each row, in order. */
export const errorActions: Record<ErrorKind, readonly [ErrorAction, ErrorAction]> = {
  notFound: ['goHome', 'goBack'],
  server: ['tryAgain', 'goHome'],
  denied: ['login', 'goHome'],
  request: ['tryAgain', 'goHome'],
  unknown: ['goHome', 'goBack'],
};

/** An error that carries an HTTP status and, optionally, the server's own message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message?: string,
  ) {
    super(message ?? '');
    this.name = 'HttpError';
  }
}

/** The first message of an API failure body ({ messages: [string | {message}] }), if any. */
function firstServerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('messages' in body) || !Array.isArray(body.messages)) return undefined;
  const first: unknown = body.messages[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') return first.message;
  return undefined;
}

/**
 * Status and server message of whatever was thrown: our HttpError, or an HTTP client error
 * whose response carries the API's message list. Anything else is a 500 with the default text
 * (a client library's own wording, e.g. "Request failed with status code 422", is not shown).
 */
export function describeError(error: unknown): { status?: number; message?: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message || undefined };
  if (error && typeof error === 'object' && 'response' in error) {
    const response = error.response as { status?: unknown; data?: unknown } | undefined;
    if (typeof response?.status === 'number') {
      return { status: response.status, message: firstServerMessage(response.data) };
    }
  }
  return { status: 500 };
}
