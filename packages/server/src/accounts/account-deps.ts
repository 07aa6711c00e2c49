/**
 * What the rules of `accounts/` need to change an account: its control plane and the clock that
 * dates what they make. The HTTP service and the CLI each pass their own.
 */
import type { Control } from '../control/control.js';

export interface AccountDeps {
  control: Control;
  clock: () => number;
}
