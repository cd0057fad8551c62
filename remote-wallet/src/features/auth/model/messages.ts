// The spec's message keys of the authentication screens, with explicit ids so translators
// see one entry per key (doc 1 §5, §8; doc 2 §5, §8).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LoginProblem, NewPasswordProblem } from './rules';

export const authMessages = {
  enterAccount: msg({ id: 'login.enter_account', message: 'Please enter your account' }),
  passwordPrompt: msg({
    id: 'login.password_prompt',
    message: 'Please enter a password of at least 6 characters',
  }),
  loginSuccess: msg({ id: 'login.success', message: 'Logged in' }),
  emailPrompt: msg({ id: 'register.email_prompt', message: 'Please enter a valid e-mail address' }),
  phonePrompt: msg({ id: 'register.phone_prompt', message: 'Please enter a valid phone number' }),
  codeRequired: msg({ id: 'register.code_required', message: 'Please enter the verification code' }),
  passwordRule: msg({
    id: 'register.password_rule',
    message: 'Password 6 to 16 characters, letters and digits',
  }),
  passwordsDiffer: msg({ id: 'register.passwords_differ', message: 'The two passwords differ' }),
  registerSuccess: msg({ id: 'register.success', message: 'Registration successful, please log in' }),
  codeSent: msg({ id: 'code.sent', message: 'Verification code sent' }),
  accountRule: msg({
    id: 'forget.account_rule',
    message: 'The e-mail or phone number does not follow the rules',
  }),
  forgetFinished: msg({ id: 'forget.finished', message: 'Finished: your password has been reset' }),
} satisfies Record<string, MessageDescriptor>;

export const loginProblemMessage: Record<LoginProblem, MessageDescriptor> = {
  enter_account: authMessages.enterAccount,
  password_short: authMessages.passwordPrompt,
};

export const newPasswordProblemMessage: Record<NewPasswordProblem, MessageDescriptor> = {
  password_rule: authMessages.passwordRule,
  passwords_differ: authMessages.passwordsDiffer,
};
