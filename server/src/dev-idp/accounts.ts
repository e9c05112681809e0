import { ROLES } from '@tala/policy';

/** Demo accounts of the embedded development identity provider. */
export interface DemoAccount {
  /** Stable subject (an object id, as Entra ID issues). */
  readonly sub: string;
  readonly username: string;
  readonly name: string;
  readonly roles: readonly string[];
  readonly description: string;
}

/** A fixed tenant id, so the ID tokens carry a `tid` as Entra ID's do. */
export const DEMO_TENANT_ID = '5f1c9d2e-7a4b-4e8c-9d3f-2b6a8c0e1f47';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    sub: 'c0a8f3e2-1b4d-4f6a-8e9c-0d2b4f6a8c01',
    username: 'reader@tala.example',
    name: 'Riley Reader',
    roles: [ROLES.reader],
    description: 'a reader: every page except the on-prem section',
  },
  {
    sub: 'c0a8f3e2-1b4d-4f6a-8e9c-0d2b4f6a8c02',
    username: 'admin@tala.example',
    name: 'Olu Admin',
    roles: [ROLES.reader, ROLES.onprem],
    description: 'an on-prem admin: every page, the on-prem section included',
  },
];

export function findDemoAccount(idOrUsername: string): DemoAccount | undefined {
  const key = idOrUsername.trim().toLowerCase();
  return DEMO_ACCOUNTS.find((account) => account.sub === key || account.username === key);
}
