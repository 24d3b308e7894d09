/**
 * A message is plain text (decision 149): control characters out (but line breaks), trimmed, kept as typed
 * otherwise. Nothing is ever read as HTML: the web renders it as text and e-mails are text.
 */
export function cleanText(input: string): string {
  // eslint-disable-next-line no-control-regex
  return input.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

export const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);
