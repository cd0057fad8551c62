// webpack loader for react-router's production build (scripts/webpack.config.cjs): its
// components are top-level `var Form = React.forwardRef(...)` calls followed by
// `Form.displayName = "Form"`, which a minifier must keep as side effects, so every component
// (Form, ScrollRestoration, HistoryRouter, the prefetch links...) shipped in the start-up whether
// the app uses it or not. Marking those calls pure and dropping the display names (read only by
// React DevTools) lets webpack and the minifier remove the unused ones. Nothing else changes.
module.exports = function reactRouterPure(source) {
  return source
    .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
    .replace(/^[\w$]+\.displayName = "[^"\n]*";\n/gm, '');
};
