const { createWebpackConfig } = require('../scripts/webpack.config.cjs');
const { ports } = require('../scripts/ports.cjs');

module.exports = createWebpackConfig({
  name: 'wallet',
  dir: __dirname,
  port: ports.wallet,
  exposes: {
    './LoginPage': './src/pages/LoginPage.tsx',
    './RegisterPage': './src/pages/RegisterPage.tsx',
    './ForgetPage': './src/pages/ForgetPage.tsx',
    './AccountPage': './src/pages/AccountPage.tsx',
    './AssetsPage': './src/pages/AssetsPage.tsx',
    './DepositPage': './src/pages/DepositPage.tsx',
    './WithdrawalPage': './src/pages/WithdrawalPage.tsx',
    './TransferPage': './src/pages/TransferPage.tsx',
    './FundLogPage': './src/pages/FundLogPage.tsx',
    './DepositRecordPage': './src/pages/DepositRecordPage.tsx',
    './WithdrawalRecordPage': './src/pages/WithdrawalRecordPage.tsx',
    './InvitePage': './src/pages/InvitePage.tsx',
  },
});
