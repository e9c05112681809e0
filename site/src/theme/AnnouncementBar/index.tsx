import { useAnnouncementBar } from '@docusaurus/theme-common/internal';
import type { WrapperProps } from '@docusaurus/types';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import { type ReactNode, useEffect } from 'react';

type Props = WrapperProps<typeof AnnouncementBar>;

/**
 * The theme's bar, plus one fix. Its inline script hides the bar before hydration when *any*
 * announcement was dismissed, without comparing ids; the provider then reopens a new announcement,
 * but the attribute keeps it hidden until the next page load. Seed (spec/seed.md §2): dismissal holds only until
 * the id changes, so clear the attribute once the provider has decided the bar is active.
 *
 * Reach-in (docs/upgrading.md, "theme-common/internal"). `useAnnouncementBar` is only exported from
 * `@docusaurus/theme-common/internal`, which Docusaurus documents as private: no semver promise,
 * and the theme's own components are its only intended users. What breaks on upgrade: the hook
 * moving or renaming (the build fails on the import), `isActive` changing meaning, or the theme's
 * inline script (theme-classic lib/inlineScripts.js) renaming the
 * `data-announcement-bar-initially-dismissed` attribute (this fix then silently does nothing; and
 * if upstream fixes the bug, this wrapper can go). Guarded by
 * site/src/theme/AnnouncementBar/__tests__/upgrade-smoke.test.ts, which also lists every internal import.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
