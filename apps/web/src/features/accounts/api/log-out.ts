import { api } from '../../../lib/api-client';

/**
 * Ends this device's session on the server, so the token is worthless even if it was copied.
 * Signing out locally never waits for it: a network failure must not keep a rider signed in.
 */
export function logOutOnServer(): void {
  api.post('/user/logout', {}, { isSessionEnding: true }).catch(() => undefined);
}
