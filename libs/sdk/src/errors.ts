import { ApiError } from './generated';
import type { ApiRequestOptions } from './generated/core/ApiRequestOptions';

/** The contract's error body (section 5). `message` is absent on 429. */
export interface ErrorBody {
  code: number;
  error: string;
  message?: string;
}

const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as ErrorBody).code === 'number' &&
  typeof (body as ErrorBody).error === 'string';

/** Seconds to wait from a Retry-After header: delta-seconds or an HTTP date. */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Every non-2xx answer of the API. Carries the contract's body fields (`code`, `error`, `message`), the HTTP
 * `status` (they differ on validation errors: HTTP 400 with body code 401), the response headers and, when the
 * response says when to come back (429), `retryAfter` in seconds. Extends the generated client's `ApiError`.
 */
export class LotteryApiError extends ApiError {
  /** The body's `code`: the HTTP status, except 401 for validation errors (HTTP 400), as the contract says. */
  readonly code: number;
  /** The status text from the body, e.g. `Not Found`. */
  readonly error: string;
  /** Seconds to wait before retrying (from `Retry-After`), when the API sent it. */
  readonly retryAfter?: number;
  readonly headers: Headers;

  constructor(request: ApiRequestOptions, response: Response, body: unknown) {
    const contract = isErrorBody(body) ? body : undefined;
    const error = contract?.error ?? response.statusText;
    // The contract's message when there is one; a 429 has none, so the status text stands in.
    const text =
      contract?.message ??
      (typeof body === 'string' && body.trim()
        ? body.trim().slice(0, 500)
        : error || `HTTP ${response.status}`);
    super(
      request,
      { url: response.url, ok: false, status: response.status, statusText: response.statusText, body },
      text,
    );
    this.name = 'LotteryApiError';
    this.code = contract?.code ?? response.status;
    this.error = error;
    this.headers = response.headers;
    this.retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  }
}
