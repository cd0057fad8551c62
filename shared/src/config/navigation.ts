// The host owns the router; non-React code (the API client's 999 handling) navigates through this.
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (path) => {
  window.location.assign(path);
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigator(path, options);
}
