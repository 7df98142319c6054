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

/** Status and server message of whatever was thrown, when it says so. */
export function describeError(error: unknown): { status?: number; message?: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message || undefined };
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
    return { status: error.status, message: message || undefined };
  }
  return { status: 500 };
}
