import type { AccessLevel } from '@tala/policy';
import type { SearchRecord } from '../records.ts';

/**
 * Which records a query may see: the reader's roles and the request's facet filters, applied
 * before any matching, so that a record the reader may not open never counts, ranks or shows.
 */

/** A facet filter in conjunctive normal form: every group must hold, any entry of a group may. */
export type FilterGroups = readonly (readonly { attribute: string; value: string; negated: boolean }[])[];

/** The attributes a request may filter on and count facets of (the endpoint checks against it). */
export const FACETABLE = ['language', 'docusaurus_tag', 'type', 'hierarchy.lvl0'] as const;

/** Readers share a handful of role sets and filters; a bound keeps odd requests from piling up masks. */
const MAX_CACHED_MASKS = 64;

export function facetValue(record: SearchRecord, attribute: string): string | null {
  switch (attribute) {
    case 'language':
      return record.language;
    case 'docusaurus_tag':
      return record.docusaurus_tag;
    case 'type':
      return record.type;
    case 'access':
      return record.access;
    case 'hierarchy.lvl0':
      return record.hierarchy.lvl0;
    default:
      return null;
  }
}

/**
 * Whether filter groups admit something whose attributes have these values: every group (AND)
 * has a matching term (OR), a negated term matching what differs. The one evaluator, for records
 * (below) and for the `access` levels a secured key's filters open (search/routes.ts).
 */
export function filtersAdmit(groups: FilterGroups, valueOfAttribute: (attribute: string) => string | null): boolean {
  return groups.every((group) =>
    group.some(({ attribute, value, negated }) => (valueOfAttribute(attribute) === value) !== negated),
  );
}

function passes(record: SearchRecord, groups: FilterGroups): boolean {
  return filtersAdmit(groups, (attribute) => facetValue(record, attribute));
}

/** Per record, 1 when a role set and filters admit it; the masks are kept, since readers repeat them. */
export class Admission {
  readonly #records: readonly SearchRecord[];
  readonly #masks = new Map<string, Uint8Array>();

  constructor(records: readonly SearchRecord[]) {
    this.#records = records;
  }

  mask(allowed: ReadonlySet<AccessLevel>, filters: FilterGroups): Uint8Array {
    const key = `${[...allowed].sort().join()}|${JSON.stringify(filters)}`;
    let mask = this.#masks.get(key);
    if (!mask) {
      mask = Uint8Array.from(this.#records, (record) =>
        allowed.has(record.access) && passes(record, filters) ? 1 : 0,
      );
      if (this.#masks.size >= MAX_CACHED_MASKS) this.#masks.clear();
      this.#masks.set(key, mask);
    }
    return mask;
  }
}
