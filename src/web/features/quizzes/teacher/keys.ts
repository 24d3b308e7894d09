/** A short id for a new subject, exercise, question, option or criterion (unique within the quiz). */
export function newKey(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
}
