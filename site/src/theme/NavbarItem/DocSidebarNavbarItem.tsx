import { useActivePlugin, useLayoutDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import { useLocation } from '@docusaurus/router';
import routes from '@generated/routes';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type { Props } from '@theme/NavbarItem/DocSidebarNavbarItem';
import { useMemo } from 'react';
import { matchRoutes } from 'react-router-config';

/**
 * The theme's DocSidebarNavbarItem, active when the page's doc route belongs to the sidebar. The
 * theme's own asks `useActiveDocContext`, which needs every doc's path in the global data (main
 * bundle, every visitor) and tests each one against the address on every render; the global data
 * no longer carries them (plugins/access/docs-instance/lean-global-data.ts). The matched route carries the
 * doc's sidebar instead: the docs plugin puts it there for DocRoot (`route.sidebar`, read by
 * `useDocRootMetadata`). Rendered after `preload` has attached the path's section of the route
 * table (plugins/performance/route-sections). Checked by e2e/tests/reading/navigation.spec.ts.
 */
export default function DocSidebarNavbarItem({ sidebarId, label, docsPluginId, ...props }: Props) {
  const sidebarLink = useLayoutDocsSidebar(sidebarId, docsPluginId).link;
  // The id, not the object: useActivePlugin returns a new object on every render.
  const activePluginId = useActivePlugin({ failfast: false })?.pluginId;
  const { pathname } = useLocation();
  const active = useMemo(() => {
    if (activePluginId !== (docsPluginId ?? 'default')) return false;
    const leaf = matchRoutes(routes, pathname).at(-1)?.route as { sidebar?: unknown } | undefined;
    return leaf?.sidebar === sidebarId;
  }, [activePluginId, docsPluginId, pathname, sidebarId]);
  if (!sidebarLink) {
    throw new Error(`DocSidebarNavbarItem: Sidebar with ID "${sidebarId}" doesn't have anything to be linked to.`);
  }
  return (
    <DefaultNavbarItem
      exact
      {...props}
      isActive={() => active}
      label={label ?? sidebarLink.label}
      to={sidebarLink.path}
    />
  );
}
