/** The key of the one streak rule an account has, in the engine's terms. */
export const RULE_KEY = 'default';
