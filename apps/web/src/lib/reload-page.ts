let isOnPurpose = false;

/**
 * Reloads the page for the app's own reasons (a new build taking over, a page that failed to
 * load). What a reload keeps (the chat outbox in sessionStorage) is not at risk, so the "Leave
 * site?" question of a tab about to lose unsent messages is not asked: Cancel there would keep
 * the old build running under the new service worker.
 */
export function reloadPage(reload: () => void = () => window.location.reload()): void {
  isOnPurpose = true;
  reload();
}

export const isReloadingOnPurpose = (): boolean => isOnPurpose;
