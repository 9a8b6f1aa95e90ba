import type { ApiErrorBody } from '@portal/contracts';
import { checkForcedLogout } from './forcedLogout.ts';

/** An answer other than 2xx from our server, with the body the spec's error shapes describe. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.detail ?? `${status} ${statusText}`);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Same-origin JSON calls; the session cookie rides along, the server decides everything else. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: options.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, (data as ApiErrorBody) ?? null);
    checkForcedLogout(error);
    throw error;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
