// Build-time constants injected by webpack's DefinePlugin (scripts/webpack.config.cjs).
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
declare const __BUILD_TIME__: string;
declare const __BUILD_ID__: string;
