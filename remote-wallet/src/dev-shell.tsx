// Runs this remote alone (pnpm --filter remote-wallet dev) with the host's singletons and providers.
// Dev-only labels; the real titles live in the host's route table.
import { renderDevShell } from '@app/shared';
import LoginPage from './pages/LoginPage';
import RegisterPage from './pages/RegisterPage';
import ForgetPage from './pages/ForgetPage';
import AccountPage from './pages/AccountPage';
import AssetsPage from './pages/AssetsPage';
import DepositPage from './pages/DepositPage';
import WithdrawalPage from './pages/WithdrawalPage';
import TransferPage from './pages/TransferPage';
import FundLogPage from './pages/FundLogPage';
import DepositRecordPage from './pages/DepositRecordPage';
import WithdrawalRecordPage from './pages/WithdrawalRecordPage';
import InvitePage from './pages/InvitePage';

void renderDevShell('wallet', [
  { path: '/login', title: 'Log in', Component: LoginPage },
  { path: '/register', title: 'Register', Component: RegisterPage },
  { path: '/forget', title: 'Forgot password', Component: ForgetPage },
  { path: '/ucenter', title: 'Account', Component: AccountPage },
  { path: '/assets', title: 'Assets', Component: AssetsPage },
  { path: '/recharge', title: 'Deposit', Component: DepositPage },
  { path: '/withdrawal', title: 'Withdraw', Component: WithdrawalPage },
  { path: '/transfer', title: 'Transfer', Component: TransferPage },
  { path: '/logs', title: 'Fund log', Component: FundLogPage },
  { path: '/deposit_record', title: 'Deposit records', Component: DepositRecordPage },
  { path: '/withdrawal_record', title: 'Withdrawal records', Component: WithdrawalRecordPage },
  { path: '/share', title: 'Invite friends', Component: InvitePage },
]);
