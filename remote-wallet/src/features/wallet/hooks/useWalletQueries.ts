// The wallet's server state: cached reads by key (features/wallet/api/keys.ts), and what a
// money-moving action refreshes.
import { useMutation, useQuery, useQueryClient, useRefreshAfterAction } from '@app/shared';
import { walletApi, type WalletType } from '../api/walletApi';
import { walletKeys } from '../api/keys';

type TransferBody = Parameters<typeof walletApi.transfer>[0];
type WithdrawBody = Parameters<typeof walletApi.withdraw>[0];

export const useWallets = () =>
  useQuery({ queryKey: walletKeys.list(), queryFn: ({ signal }) => walletApi.list(signal) });

export const useDepositAddress = (currencyId: number) =>
  useQuery({
    queryKey: walletKeys.depositAddress(currencyId),
    queryFn: ({ signal }) => walletApi.depositAddress(currencyId, signal),
  });

export const useWithdrawInfo = (currencyId: number) =>
  useQuery({
    queryKey: walletKeys.withdrawInfo(currencyId),
    queryFn: ({ signal }) => walletApi.withdrawInfo(currencyId, signal),
  });

export const useWithdrawalAddresses = (currencyId: number) =>
  useQuery({
    queryKey: walletKeys.addresses(currencyId),
    queryFn: ({ signal }) => walletApi.addresses(currencyId, signal),
  });

export const useWithdrawals = () =>
  useQuery({ queryKey: walletKeys.withdrawals(), queryFn: ({ signal }) => walletApi.withdrawals(signal) });

export const useChargeLog = () =>
  useQuery({ queryKey: walletKeys.chargeLog(), queryFn: ({ signal }) => walletApi.chargeLog(signal) });

export const useBuyLog = () =>
  useQuery({ queryKey: walletKeys.buyLog(), queryFn: ({ signal }) => walletApi.buyLog(signal) });

/** The first page of a wallet's fund log for one coin. */
export const useFundLogFirstPage = (type: WalletType, currency: number) =>
  useQuery({
    queryKey: walletKeys.fundLog(type, currency),
    queryFn: ({ signal }) => walletApi.fundLog({ page: 1, type, currency }, signal),
  });

/** After a transfer or a withdrawal: every balance, limit and history of the wallets is asked again. */
export function useInvalidateWallets(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** A transfer between two wallets; on success every balance is asked again. Never retried. */
export function useTransfer() {
  const invalidate = useRefreshAfterAction();
  return useMutation({ mutationFn: (body: TransferBody) => walletApi.transfer(body), onSuccess: invalidate });
}

/** A withdrawal request; on success the limits, balances and the recent list are asked again. */
export function useWithdraw() {
  const invalidate = useRefreshAfterAction();
  return useMutation({ mutationFn: (body: WithdrawBody) => walletApi.withdraw(body), onSuccess: invalidate });
}

/** Adding or deleting a withdrawal address refreshes that coin's address book. */
export function useInvalidateAddresses(currencyId: number): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.addresses(currencyId) });
}
