/** A number field's text as the number to send, or null when it is empty or not a finite number. */
export function numberOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
