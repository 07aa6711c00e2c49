/**
 * The refusal of a webhook route given an id that no endpoint of the account has.
 */
import { HttpError } from '../../http/errors.js';

export function webhookNotFound(id: string): HttpError {
  return new HttpError('NOT_FOUND', `no webhook endpoint of this account has the id ${JSON.stringify(id)}`);
}
