// Default ports of the one-command start (architecture.md); each is overridable by env.
const env = process.env;
const ports = {
  host: Number(env.HOST_PORT || 8080),
  markets: Number(env.MARKETS_PORT || 8081),
  trading: Number(env.TRADING_PORT || 8082),
  wallet: Number(env.WALLET_PORT || 8083),
  otc: Number(env.OTC_PORT || 8084),
  server: Number(env.SERVER_PORT || 8090),
};
const remoteNames = ['markets', 'trading', 'wallet', 'otc'];
const remoteDirs = {
  markets: 'remote-markets',
  trading: 'remote-trading',
  wallet: 'remote-wallet',
  otc: 'remote-otc',
};
module.exports = { ports, remoteNames, remoteDirs };
