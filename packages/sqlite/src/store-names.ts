/**
 * The names of the stores (accounts, namespaces) that hold anything in a file: what an operator's
 * clean-up looks through to find the namespaces nothing names any more (a deleted tenant's).
 */
import { connect } from './connection.js';
import { toStoreError } from './errors.js';

/** Every table that holds rows of a store without a user row beside them is asked too. */
const NAMES =
  'SELECT account FROM users UNION SELECT account FROM activity_days UNION SELECT account FROM activity_metrics ' +
  'UNION SELECT account FROM activity_achievements UNION SELECT account FROM outbox UNION SELECT account FROM erasures ' +
  'ORDER BY account';

/** The names of the stores with rows in the file at `path`, in order. */
export async function sqliteStoreNames(path: string, options: { busyTimeout?: number } = {}): Promise<string[]> {
  const connection = connect(path, {
    busyTimeout: options.busyTimeout ?? 10_000,
    synchronous: 'full',
    checkpoints: 'inline',
  });
  try {
    return connection.db.prepare(NAMES).pluck().all() as string[];
  } catch (error) {
    throw toStoreError(connection.label, error);
  } finally {
    await connection.release();
  }
}
