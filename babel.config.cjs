// One Babel config for webpack (browsers) and Jest (node). The Lingui macro
// turns t`...` / <Trans> into message-id lookups at build time.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest
          ? { targets: { node: 'current' } }
          : { targets: 'chrome >= 100, safari >= 15, firefox >= 100', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic', development: api.env('development') }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: true }],
    ],
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  };
};
