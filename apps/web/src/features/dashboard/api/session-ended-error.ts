/** A list or delete answered 401 or 403: the session expired or the account is not staff. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

export function isSessionEndedStatus(status: number): boolean {
  return status === 401 || status === 403;
}
