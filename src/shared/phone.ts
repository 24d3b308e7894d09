import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Darsi's students and teachers are in Algeria first: a number without +country is read as Algerian. */
export const PHONE_COUNTRY = 'DZ';

/**
 * An Algerian phone number as typed ("0555 12 34 56", "+213 555 12 34 56", "00213555123456") in E.164
 * ("+213555123456"), or null when it is not a valid Algerian number (libphonenumber-js's metadata).
 */
export function algerianPhone(value: string): string | null {
  const typed = value.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(typed, PHONE_COUNTRY);
  if (!parsed || parsed.country !== PHONE_COUNTRY || !parsed.isValid()) return null;
  return parsed.number;
}

/** The wa.me link of an E.164 number (WhatsApp wants the digits only). */
export function whatsappLink(e164: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}`;
}
