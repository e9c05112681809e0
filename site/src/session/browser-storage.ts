/**
 * localStorage that never throws (seed (spec/seed.md §8): storage unavailable → a warning, then no-ops), for
 * the seed's keys `deeplink` and `username`.
 */
export const STORAGE_KEYS = { deeplink: 'deeplink', username: 'username' } as const;

let warned = false;
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch (error) {
    if (!warned) console.warn('Browser storage is unavailable; the deep link is not kept', error);
    warned = true;
    return null;
  }
}

export const safeStorage = {
  get(key: string): string | null {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      storage()?.setItem(key, value);
    } catch (error) {
      if (!warned) console.warn('Browser storage is unavailable', error);
      warned = true;
    }
  },
  remove(key: string): void {
    try {
      storage()?.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};
