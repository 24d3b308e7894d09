/**
 * Kept apart from the typed client (api.ts) so that screens can recognise a failed call without importing
 * the client: only the features' api.ts modules talk to the server.
 */
/** A failed call, carrying the server's code and its message already translated to the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
