// Rules of the identity, payout and password forms (doc 1 §5, doc 2 §5, server API.md).
import type { PayoutProfile, RealNameSubmission } from '../api/profileApi';

export type KycField = keyof RealNameSubmission;
export type KycProblem = 'incomplete' | 'nameDigits' | 'cardIdChinese' | 'cardIdLength';

/** Every field is required (server `kyc.incomplete`); the name has no digits; the ID number
 * has no Chinese characters and is 4-40 characters. Returns the first field at fault. */
export function validateKyc(form: RealNameSubmission): { field: KycField; problem: KycProblem } | null {
  const order: KycField[] = [
    'name',
    'card_type',
    'card_id',
    'countryname',
    'adress',
    'front_pic',
    'reverse_pic',
    'hand_pic',
  ];
  for (const field of order) {
    if (form[field].trim() === '') return { field, problem: 'incomplete' };
  }
  if (/\d/.test(form.name)) return { field: 'name', problem: 'nameDigits' };
  if (/[\u3400-\u9fff]/.test(form.card_id)) return { field: 'card_id', problem: 'cardIdChinese' };
  const id = form.card_id.trim();
  if (id.length < 4 || id.length > 40) return { field: 'card_id', problem: 'cardIdLength' };
  return null;
}

/** Payout save is enabled only when bank_account is present (doc 1 §5). */
export function canSavePayout(profile: Partial<PayoutProfile>): boolean {
  return (profile.bank_account ?? '').trim() !== '';
}

/** Login password: 6-16 characters with letters and digits; fund password: 6 digits. */
export function isLoginPassword(value: string): boolean {
  return /^[\x21-\x7e]{6,16}$/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
}

export function isFundPassword(value: string): boolean {
  return /^\d{6}$/.test(value);
}
