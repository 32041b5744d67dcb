/** A tiny fetch wrapper for HTTP tests: real requests over loopback, JSON in and out. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  jwt?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function http(baseUrl: string) {
  const call = async <T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers['X-API-Token'] = options.token;
    if (options.jwt !== undefined) headers.Authorization = `Bearer ${options.jwt}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === 'string') body = options.body;
      else {
        body = JSON.stringify(options.body);
        headers['Content-Type'] ??= 'application/json';
      }
    }
    const response = await fetch(baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: leave the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return {
    get: <T = any>(path: string, o?: RequestOptions) => call<T>('GET', path, o),
    post: <T = any>(path: string, o?: RequestOptions) => call<T>('POST', path, o),
    put: <T = any>(path: string, o?: RequestOptions) => call<T>('PUT', path, o),
    patch: <T = any>(path: string, o?: RequestOptions) => call<T>('PATCH', path, o),
    delete: <T = any>(path: string, o?: RequestOptions) => call<T>('DELETE', path, o),
  };
}

export type Http = ReturnType<typeof http>;
