import { msg } from '@lingui/core/macro';

export const accountMessages = {
  /** Logout success (doc 1 §8: 'apitip.退出登录成功' or 'logged out'). */
  loggedOut: msg({ id: 'logout.success', message: 'Logged out' }),
};
