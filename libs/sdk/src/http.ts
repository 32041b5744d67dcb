import { BaseHttpRequest, CancelablePromise, type OpenAPIConfig } from './generated';
import type { ApiRequestOptions } from './generated/core/ApiRequestOptions';
import {
  getFormData,
  getHeaders,
  getRequestBody,
  getResponseBody,
  getQueryString,
} from './generated/core/request';
import { LotteryApiError } from './errors';

/**
 * The transport under the generated services, replacing the generated FetchHttpRequest. It reuses the generated
 * helpers for headers and bodies and differs in three ways:
 * - failures become a LotteryApiError, which keeps the response headers (Retry-After) the generated ApiError drops;
 * - `onResponse` sees every response, so a caller can read headers the generated services do not return
 *   (the bare-array search's X-More / X-Total-Count);
 * - path parameters are encoded with encodeURIComponent (a token id may contain '/', '?' or '#').
 */
export class LotteryHttpRequest extends BaseHttpRequest {
  constructor(
    config: OpenAPIConfig,
    private readonly onResponse?: (response: Response) => void,
  ) {
    super(config);
  }

  public override request<T>(options: ApiRequestOptions): CancelablePromise<T> {
    return new CancelablePromise<T>(async (resolve, reject, onCancel) => {
      try {
        const controller = new AbortController();
        onCancel(() => controller.abort());
        const init: RequestInit = {
          method: options.method,
          headers: await getHeaders(this.config, options),
          body: getRequestBody(options) ?? getFormData(options),
          signal: controller.signal,
        };
        if (this.config.WITH_CREDENTIALS) init.credentials = this.config.CREDENTIALS;
        if (onCancel.isCancelled) return;
        const response = await fetch(this.url(options), init);
        this.onResponse?.(response);
        const body = await getResponseBody(response);
        if (!response.ok) throw new LotteryApiError(options, response, body);
        resolve(body as T);
      } catch (error) {
        reject(error);
      }
    });
  }

  private url(options: ApiRequestOptions): string {
    const encode = this.config.ENCODE_PATH ?? encodeURIComponent;
    const path = options.url.replace(/{(.*?)}/g, (placeholder: string, name: string) =>
      options.path && Object.prototype.hasOwnProperty.call(options.path, name)
        ? encode(String(options.path[name]))
        : placeholder,
    );
    return `${this.config.BASE}${path}${options.query ? getQueryString(options.query) : ''}`;
  }
}
