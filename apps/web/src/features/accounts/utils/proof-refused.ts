import { ApiError } from '../../../lib/api-client';

/** The server refused a verified code's proof (expired or used): step 3 needs a new code. */
export const isProofRefused = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 403;
