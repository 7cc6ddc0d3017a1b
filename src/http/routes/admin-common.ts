import { z } from 'zod';
import { AccountError } from '../../services/accounts.ts';
import { ApiError, type ErrorCode, validationFailed } from '../errors.ts';

/** The errors every admin route can answer with. */
export const ADMIN_ERRORS: readonly ErrorCode[] = ['unauthorized', 'forbidden', 'rate_limited', 'internal_error', 'unavailable'];

export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

/** An operator's refusal as the contract's error: a bad field is validation_failed on it, an unknown name 404. */
export function adminApiError(err: unknown): unknown {
  if (!(err instanceof AccountError)) return err;
  if (err.reason === 'account_not_found') return new ApiError('account_not_found', `No account is named so: ${err.message}.`);
  if (err.reason === 'token_not_found') return new ApiError('token_not_found', `No active token has this id: ${err.message}.`);
  const field = err.field ?? 'body';
  return validationFailed({ [field]: [err.message] }, { message: err.message });
}

/** Runs an operator's change; its refusals become API errors. */
export async function asAdmin<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw adminApiError(err);
  }
}
