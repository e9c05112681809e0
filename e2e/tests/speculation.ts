import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * When the page's speculative loading is over. Docusaurus's <Link> asks for a prefetch when its
 * IntersectionObserver first reports the link in view; the portal queues that prefetch for idle
 * time (site/src/client-modules/idle-queue.ts, one job per requestIdleCallback, the queue's only
 * user). So: once every observer of a link has reported (or been disconnected) and no idle
 * callback is pending, every prefetch the page will make for the links it has shown has been made.
 * A test that asserts something was *not* loaded must wait for this, or it can pass only because
 * it looked too soon.
 */
type SpeculationWindow = {
  speculation: {
    observed: number;
    pendingObservers: Set<IntersectionObserver>;
    idleQueued: number;
    idlePending: number;
  };
};

/** Installs the counters; call before the page loads. */
export function watchSpeculation(page: Page) {
  return page.addInitScript(() => {
    const state: SpeculationWindow['speculation'] = {
      observed: 0,
      pendingObservers: new Set(),
      idleQueued: 0,
      idlePending: 0,
    };
    (window as unknown as SpeculationWindow).speculation = state;
    const NativeObserver = window.IntersectionObserver;
    window.IntersectionObserver = class extends NativeObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super((entries, observer) => {
          callback(entries, observer);
          state.pendingObservers.delete(observer);
        }, options);
      }
      override observe(target: Element) {
        state.observed++;
        state.pendingObservers.add(this);
        super.observe(target);
      }
      override disconnect() {
        state.pendingObservers.delete(this);
        super.disconnect();
      }
    };
    // Counted until the callback has returned: the queue asks for the next idle period from inside it.
    const pending = new Set<number>();
    const request = window.requestIdleCallback.bind(window);
    const cancel = window.cancelIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => {
      state.idleQueued++;
      state.idlePending++;
      const id = request((deadline) => {
        try {
          callback(deadline);
        } finally {
          if (pending.delete(id)) state.idlePending--;
        }
      }, options);
      pending.add(id);
      return id;
    };
    window.cancelIdleCallback = (id) => {
      if (pending.delete(id)) state.idlePending--;
      cancel(id);
    };
  });
}

/** What the counters say now. */
export function speculation(page: Page) {
  return page.evaluate(() => {
    const { observed, pendingObservers, idleQueued, idlePending } = (window as unknown as SpeculationWindow)
      .speculation;
    return { observed, pendingObservers: pendingObservers.size, idleQueued, idlePending };
  });
}

/**
 * Waits until more than `observedBefore` links have been observed (the page has shown its links),
 * each observer has reported, and the idle queue has run dry.
 */
export async function speculationSettled(page: Page, observedBefore = 0) {
  await expect
    .poll(
      async () => {
        const now = await speculation(page);
        return now.observed > observedBefore && now.pendingObservers === 0 && now.idlePending === 0;
      },
      // One prefetch per idle period, a few dozen links: on a busy machine idle periods are rare.
      { timeout: 20_000 },
    )
    .toBe(true);
}
