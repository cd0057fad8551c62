// The account's server state, cached by key (features/account/api/keys.ts).
import { accountApi, useQuery, useQueryClient } from '@app/shared';
import { profileApi } from '../api/profileApi';
import { accountKeys } from '../api/keys';

export const useUserInfo = () =>
  useQuery({ queryKey: accountKeys.info(), queryFn: ({ signal }) => accountApi.info(signal) });

export const useUserCenter = () =>
  useQuery({ queryKey: accountKeys.center(), queryFn: ({ signal }) => profileApi.center(signal) });

export const useCashInfo = () =>
  useQuery({ queryKey: accountKeys.cashInfo(), queryFn: ({ signal }) => profileApi.cashInfo(signal) });

export const useInvitees = () =>
  useQuery({ queryKey: accountKeys.invitees(), queryFn: ({ signal }) => profileApi.extension(signal) });

/** After a change of the account (fund password, verification): the centre is asked again. */
export function useInvalidateAccount(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}
