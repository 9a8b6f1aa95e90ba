/** What working offline says (issue 31 item 2), and the names the worker and the app share. */
export const OFFLINE_TEXTS = {
  banner: 'You’re offline. What you opened before still works; anything you change waits for the network.',
  back: 'You’re back online.',
  notKept: 'You’re offline, and this wasn’t opened on this phone before. It opens once the network is back.',
  availableOffline: 'Available offline',
  saveForOffline: 'Save for offline',
  saving: 'Saving for offline…',
  saved: 'Saved for offline: its sheets, instructions, documents and picture open without signal.',
  saveFailed: 'Could not save everything for offline. Try again with a better signal.',
} as const;

/** The header the worker puts on an answer it gave from its store instead of the network. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';
/** Where the worker keeps the last page it was given: the shell any path opens offline. */
export const SHELL_KEY = '/__offline-shell';
export const SW_MESSAGES = { forget: 'portal:forget-offline-data' } as const;
