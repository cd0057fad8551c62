import { useCallback, useEffect, useState } from 'react';
import { accountApi, type UserInfo } from '@app/shared';

export type UserInfoState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; user: UserInfo };

/** GET /api/user/info for the account centre, with a retry. */
export function useUserInfo(): UserInfoState & { retry: () => void } {
  const [state, setState] = useState<UserInfoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    accountApi.info().then(
      (user) => {
        if (alive) setState({ status: 'ready', user });
      },
      (error: unknown) => {
        if (alive) setState({ status: 'error', error });
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
