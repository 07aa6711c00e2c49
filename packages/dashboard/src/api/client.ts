/**
 * The dashboard's fetch wrapper for the admin API (docs/http-api.md). Same-origin relative paths,
 * the session cookie only (no key is ever stored in the browser), the CSRF header on every request
 * that changes something, and every error turned into an ApiError carrying the server's
 * `{ error, code }` so the page can show it.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let unauthorizedHandler: (() => void) | null = null;

/** Called on any 401 outside the session routes: the app sends the user to sign in. */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

interface RequestOptions {
  body?: unknown;
  /** Leave a 401 to the caller (signing in, asking whether a session exists). */
  allowUnauthorized?: boolean;
}

/** Sends one request and answers the parsed JSON body (undefined for 204). */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Kindling-CSRF'] = '1';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check the connection and try again.');
  }

  if (response.status === 401 && !options.allowUnauthorized) unauthorizedHandler?.();
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The server's `{ error, code }`, or a plain description when the body is not that. */
async function readError(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      const code = 'code' in body && typeof body.code === 'string' ? body.code : `HTTP_${response.status}`;
      return new ApiError(response.status, code, body.error);
    }
  } catch {
    // Not JSON: fall through.
  }
  const retry = response.headers.get('Retry-After');
  const wait = response.status === 429 && retry ? ` Try again in ${retry} s.` : '';
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    `The server answered ${response.status} ${response.statusText}.${wait}`,
  );
}

/** A message for any error thrown while talking to the server. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError)
    return error.code.startsWith('HTTP_') || error.code === 'NETWORK_ERROR'
      ? error.message
      : `${error.message} (${error.code})`;
  if (error instanceof Error) return error.message;
  return String(error);
}
