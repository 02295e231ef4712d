/** A late-bound navigate function, set by the router, so non-React code (the API client) can move pages. */
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
