/** An error the HTTP layer can answer with its status: bad offer 400, unknown 404, conflict 409, full or closed 503. */
export class MediaError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 503,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
