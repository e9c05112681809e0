import { useSyncExternalStore } from 'react';
import { sessionStore } from './index';
import { SERVER_RENDER_STATE, type SessionState } from './session-store';

/** The signed-in state; during build-time rendering, a reader with the on-prem role (spec/seed.md §4). */
export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => sessionStore.subscribe(listener),
    () => sessionStore.get(),
    () => SERVER_RENDER_STATE,
  );
}
