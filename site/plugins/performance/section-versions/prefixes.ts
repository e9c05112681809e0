/**
 * The shortest path prefixes that tell one owner's pages from everyone else's: for each owner, the
 * outermost directories (path segments, relative to the version's path) whose pages are all its
 * own. `studio` when every page under /studio/ is one group's; `category/build` for a category
 * index page among other groups' under /category/. A page whose own directory also holds other
 * owners' pages (/reference/ above pages of several groups) cannot be told apart by a prefix: it is
 * listed in `exact`, to be matched by its whole path. `null` owns the pages of no group: it gets no
 * prefixes (its route matches everything, last).
 */
interface Node<Owner> {
  children: Map<string, Node<Owner>>;
  owners: Set<Owner | null>;
  /** The owner of the page at exactly this path, if there is one. */
  page?: Owner | null;
}

export interface Prefixes<Owner> {
  prefixes: Map<Owner, string[]>;
  exact: Map<Owner, string[]>;
}

export function prefixesOf<Owner>(pages: readonly { path: string; owner: Owner | null }[]): Prefixes<Owner> {
  const root: Node<Owner> = { children: new Map(), owners: new Set() };
  for (const { path, owner } of pages) {
    let node = root;
    node.owners.add(owner);
    for (const segment of path.split('/').filter(Boolean)) {
      let child = node.children.get(segment);
      if (!child) {
        child = { children: new Map(), owners: new Set() };
        node.children.set(segment, child);
      }
      child.owners.add(owner);
      node = child;
    }
    node.page = owner;
  }
  const prefixes = new Map<Owner, string[]>();
  const exact = new Map<Owner, string[]>();
  const add = (map: Map<Owner, string[]>, owner: Owner, path: string) =>
    map.set(owner, [...(map.get(owner) ?? []), path]);
  const visit = (node: Node<Owner>, path: string[]) => {
    for (const [segment, child] of node.children) {
      const here = [...path, segment];
      const [only] = child.owners;
      if (child.owners.size === 1 && only !== null && only !== undefined) {
        add(prefixes, only, here.join('/'));
        continue;
      }
      if (child.page !== undefined && child.page !== null) add(exact, child.page, here.join('/'));
      visit(child, here);
    }
  };
  visit(root, []);
  return { prefixes, exact };
}
