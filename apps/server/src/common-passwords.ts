import { dictionary } from '@zxcvbn-ts/language-common';
import { checkCommonPasswordBases } from '@portal/contracts';

/**
 * ASVS 6.2.4, NIST SP 800-63B §3.1.1.2: a new password is checked offline against zxcvbn-ts's maintained
 * list of ~49,000 common passwords (ranked by how often they appear in leaked password sets): its base
 * (the password without the digits, symbols and look-alikes a composition rule adds: `baseOfPassword`)
 * must not be one of them. The list stays on the server; app.ts imports this file before any request
 * is read.
 */
const COMMON = new Set(dictionary['passwords-common']);

/** How many common passwords a new password's base is checked against. */
export const COMMON_PASSWORD_COUNT = COMMON.size;

checkCommonPasswordBases((base) => COMMON.has(base));
