import { useEffect, useState } from 'react';
import { api } from '#web/lib/api.ts';
import type { FieldDef, ResourceConfig } from '#web/panel/resource/types.ts';

/** The config with every `gstRate` field (plans' too) starting at `rate`: what a new item is created with. */
export function withTaxDefault(config: ResourceConfig, rate: number): ResourceConfig {
  const set = (f: FieldDef): FieldDef =>
    f.type === 'group'
      ? { ...f, fields: f.fields.map((s) => (s.name === 'gstRate' && s.type === 'number' ? { ...s, defaultValue: String(rate) } : s)) }
      : f.name === 'gstRate' && f.type === 'number'
        ? { ...f, defaultValue: String(rate) }
        : f;
  return { ...config, fields: config.fields.map(set) };
}

/**
 * A create form prefilled with the school's default tax rate (Settings → Shop); null while it loads, so
 * the form starts with it. If the settings cannot be read, the config as it is (the server applies the default).
 */
export function useTaxDefault(config: ResourceConfig): ResourceConfig | null {
  const [ready, setReady] = useState<ResourceConfig | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    api<{ defaultTaxRate?: number }>('/settings', { signal: ctl.signal }).then(
      (body) => setReady(typeof body.data?.defaultTaxRate === 'number' ? withTaxDefault(config, body.data.defaultTaxRate) : config),
      () => !ctl.signal.aborted && setReady(config),
    );
    return () => ctl.abort();
  }, [config]);
  return ready;
}
