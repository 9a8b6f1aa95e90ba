import { phoneDigits } from '@portal/contracts';

/** Stored phone numbers are ten digits (spec 01 §5); providers want E.164. */
export const e164 = (phone: string, countryCode = '+1') => `${countryCode}${phoneDigits(phone)}`;

/** For "we sent a code to …": only the last two digits. */
export const maskPhone = (phone: string) => `(***) *** - **${phoneDigits(phone).slice(-2)}`;
