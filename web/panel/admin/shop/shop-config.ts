import { useEffect, useState } from 'react';
import { DEFAULT_SHOP_TERMS, shopTermsOfView, type ShopTerms } from '#core/shop/shop-terms.ts';
import { api } from '#web/lib/api.ts';
import type { FieldDef, Item, ResourceConfig } from '#web/panel/resource/types.ts';

/** The config with every `gstRate` field (plans' too) starting at `rate`: what a new item is created with. */
export function withTaxDefault<T extends Item>(config: ResourceConfig<T>, rate: number): ResourceConfig<T> {
  const set = (f: FieldDef): FieldDef =>
    f.type === 'group'
      ? { ...f, fields: f.fields.map((s) => (s.name === 'gstRate' && s.type === 'number' ? { ...s, defaultValue: String(rate) } : s)) }
      : f.name === 'gstRate' && f.type === 'number'
        ? { ...f, defaultValue: String(rate) }
        : f;
  return { ...config, fields: config.fields.map(set) };
}

/**
 * A screen's config once the school's shop terms are read (GET /settings): create forms prefilled with
 * the default tax rate, money in the school's format when `config` is made from the terms. Null while
 * it loads, so a form starts with them; the defaults when the settings cannot be read (the server
 * applies the default rate anyway). `config` must be stable (a module-level value or function).
 */
export function useShopConfig<T extends Item>(
  config: ResourceConfig<T> | ((terms: ShopTerms) => ResourceConfig<T>),
): ResourceConfig<T> | null {
  const [ready, setReady] = useState<ResourceConfig<T> | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const make = (terms: ShopTerms) => withTaxDefault(typeof config === 'function' ? config(terms) : config, terms.defaultTaxRate);
    api<Parameters<typeof shopTermsOfView>[0]>('/settings', { signal: ctl.signal }).then(
      (body) => setReady(make(shopTermsOfView(body.data ?? {}))),
      () => !ctl.signal.aborted && setReady(typeof config === 'function' ? config(DEFAULT_SHOP_TERMS) : config),
    );
    return () => ctl.abort();
  }, [config]);
  return ready;
}
