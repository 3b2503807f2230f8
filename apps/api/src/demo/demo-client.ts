import type { FastifyInstance, InjectOptions } from 'fastify';

/** A failed call while building the demo: the route, its status and the API's own answer. */
export class DemoCallError extends Error {}

/**
 * Calls the API in this process as the signed-in administrator, so the demo shop goes through
 * the same validation, permissions and services as anything staff type in.
 */
export const createDemoClient = (app: FastifyInstance, token: () => string) => {
  const send = async <T>(
    method: InjectOptions['method'],
    url: string,
    options: { body?: unknown; payload?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token()}`, locale: 'vi', ...options.headers },
      ...(options.body !== undefined
        ? { payload: options.body as InjectOptions['payload'] }
        : options.payload
          ? { payload: options.payload }
          : {}),
    });
    if (response.statusCode >= 400)
      throw new DemoCallError(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : {}) as T;
  };
  return {
    get: <T>(url: string) => send<{ data: T }>('GET', url).then((answer) => answer.data),
    post: <T>(url: string, body?: unknown) =>
      send<{ data: T }>('POST', url, { body: body ?? {} }).then((answer) => answer.data),
    patch: <T>(url: string, body: unknown) =>
      send<{ data: T }>('PATCH', url, { body }).then((answer) => answer.data),
    upload: <T>(url: string, payload: Buffer, contentType: string) =>
      send<{ data: T }>('POST', url, { payload, headers: { 'content-type': contentType } }).then(
        (answer) => answer.data,
      ),
  };
};

export type DemoClient = ReturnType<typeof createDemoClient>;
