/**
 * The one way this adapter says that what a key holds does not read as what it should be: a value
 * it did not write, a key of the wrong type, a field that does not parse, a script that found one.
 * A retry reads the same, so the error is lasting (`StoreError.lasting`: over HTTP, 500
 * STORE_DAMAGED rather than a 503 that asks the client to try again).
 */
import { StoreError } from '@kindling/core';

export function damaged(message: string, cause?: unknown): StoreError {
  return new StoreError(message, cause === undefined ? { lasting: true } : { cause, lasting: true });
}
