// The account calls as the auth screens use them: one place that knows which endpoint
// serves which mode (doc 1 §7, doc 2 §7).
import { accountApi, type CodePurpose, type Country, type Locale } from '@app/shared';
import { DEFAULT_AREA_CODE, normalizeAccount, type AuthMode } from '../model/rules';

export interface CodeTarget {
  mode: AuthMode;
  account: string;
  /** The selected country (phone mode only). */
  country: Country | null;
}

/** The calling code to send: the selected country's area code in phone mode (+1 when the
 * list could not load), empty in e-mail mode. */
export function countryCodeOf(target: Pick<CodeTarget, 'mode' | 'country'>): string {
  return target.mode === 'phone' ? (target.country?.area_code ?? DEFAULT_AREA_CODE) : '';
}

/** POST /api/sms_mail or /api/sms_send. */
export function sendCode(target: CodeTarget, purpose: CodePurpose, lang: Locale): Promise<unknown> {
  const user_string = normalizeAccount(target.mode, target.account);
  if (target.mode === 'email') return accountApi.sendEmailCode({ user_string, lang, type: purpose });
  return accountApi.sendPhoneCode({ user_string, lang, type: purpose, country_code: countryCodeOf(target) });
}

/** POST /api/user/check_email or /api/user/check_mobile (forgot password, step 1). */
export function checkCode(target: CodeTarget, code: string): Promise<unknown> {
  const user_string = normalizeAccount(target.mode, target.account);
  if (target.mode === 'email') return accountApi.checkEmail({ user_string, email_code: code.trim() });
  return accountApi.checkMobile({
    user_string,
    country_code: countryCodeOf(target),
    mobile_code: code.trim(),
  });
}
