import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CardType } from '../api/profileApi';
import type { KycProblem } from './rules';

export const accountMessages = {
  /** Logout success (doc 1 §8: 'apitip.退出登录成功' or 'logged out'). */
  loggedOut: msg({ id: 'logout.success', message: 'Logged out' }),
  /** review_status 1 (doc 1 §4: security.auing). */
  underReview: msg({ id: 'security.auing', message: 'Your identity is under review' }),
  verified: msg({ id: 'security.verified', message: 'Your identity has been verified' }),
  submitted: msg({ id: 'kyc.submitted', message: 'Submitted, please wait for the review' }),
  saved: msg({ id: 'payout.saved', message: 'Saved' }),
  passwordChanged: msg({ id: 'password.changed', message: 'Password changed' }),
  fundPasswordSaved: msg({ id: 'fund_password.saved', message: 'Fund password saved' }),
};

export const cardTypeLabel: Record<CardType, MessageDescriptor> = {
  sfz: msg({ id: 'kyc.card.sfz', message: 'ID card' }),
  hz: msg({ id: 'kyc.card.hz', message: 'Passport' }),
  jsz: msg({ id: 'kyc.card.jsz', message: 'Driving licence' }),
};

export const kycProblemMessage: Record<KycProblem, MessageDescriptor> = {
  incomplete: msg({ id: 'kyc.incomplete', message: 'please fill in complete information' }),
  nameDigits: msg({ id: 'kyc.name_digits', message: 'The name must not contain digits' }),
  cardIdChinese: msg({
    id: 'kyc.card_id_chinese',
    message: 'The ID number must not contain Chinese characters',
  }),
  cardIdLength: msg({ id: 'kyc.card_id_length', message: 'The ID number must be 4 to 40 characters' }),
};
