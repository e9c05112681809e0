import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useEffect, useState } from 'react';
import type { TalaCustomFields } from '../../config/custom-fields';
import { loadRequestAccessUrl, loadRuntimeConfig, type RuntimeConfig } from './runtime-config';

export function useTalaCustomFields(): TalaCustomFields {
  return useDocusaurusContext().siteConfig.customFields as TalaCustomFields;
}

/** `undefined` while loading, then the config or null (seed (spec/seed.md §8): a failed fetch yields null). */
export function useRuntimeConfig(): RuntimeConfig | null | undefined {
  const fields = useTalaCustomFields();
  const [config, setConfig] = useState<RuntimeConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadRuntimeConfig(fields, window.fetch.bind(window)).then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, [fields]);
  return config;
}

/** The 'Request Access' URL: the build-time one at first render, the runtime one in production. */
export function useRequestAccessUrl(): string | null {
  const fields = useTalaCustomFields();
  const [url, setUrl] = useState<string | null>(fields.REQUEST_ACCESS_URL);
  useEffect(() => {
    let live = true;
    void loadRequestAccessUrl(fields, window.fetch.bind(window)).then((value) => live && setUrl(value));
    return () => {
      live = false;
    };
  }, [fields]);
  return url;
}
