export const DAY_MS = 24 * 60 * 60_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** The address of a teacher's platform, from the configured host (never a request's Host header). */
export function platformUrl(config: { publicHost: string; publicHttps: boolean }, subdomain: string): string {
  return `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;
}
