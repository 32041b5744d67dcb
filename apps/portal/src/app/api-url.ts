/**
 * Where the API is: the portal's own origin (the API serves it at /portal/), or VITE_API_URL when the
 * portal is built to talk to an API elsewhere.
 */
export const apiBaseUrl: string =
  (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') || window.location.origin;

/** The API's own documentation (Swagger UI), served by the API: absolute, since it is not a portal route. */
export const docsUrl = `${apiBaseUrl}/docs`;
