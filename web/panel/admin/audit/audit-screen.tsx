import { useState, type FormEvent } from 'react';
import { AUDITED_METHODS } from '#core/audit/audit-query.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ListFilters, ListResults, ListScreen, SearchField } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { AuditTable } from '#web/panel/users/audit-table.tsx';
import { DateRange, useRangeFilter } from '#web/panel/admin/orders/order-parts.tsx';
import { NO_FILTERS, readAudit, type AuditQuery } from './audit-api.ts';

const METHOD_OPTIONS = AUDITED_METHODS.map((m) => ({ value: m, label: m }));
const TARGET_OPTIONS = [
  'users',
  'orders',
  'payments',
  'courses',
  'memberships',
  'enroll',
  'purchase-membership',
  'instructors',
  'settings',
  'products',
  'coupons',
  'messages',
  'admin',
].map((t) => ({ value: t, label: t }));
const filtered = (q: AuditQuery) => !!(q.actor || q.method || q.targetType || q.search || q.from || q.to);

/** The super-admin's audit log: every write an admin-capable account made or tried, newest first, filterable. */
export default function AuditScreen({ panel }: PanelScreenProps) {
  const [query, setQuery] = useState<AuditQuery>(NO_FILTERS);
  const list = useList({ query, setQuery, read: readAudit, empty: { items: [] } });
  const range = useRangeFilter();

  function onSearch(e: FormEvent<HTMLFormElement>) {
    const got = range.read(e);
    if (!got) return;
    const { form, from, to } = got;
    const pick = (k: keyof AuditQuery) => String(form.get(k) ?? '').trim();
    list.narrow({ actor: pick('actor'), method: pick('method'), targetType: pick('targetType'), search: pick('search'), from, to });
  }

  return (
    <ListScreen list={list} className="admin-audit">
      <h1>Audit log</h1>
      <p className="muted">
        Every change (and refused attempt) by an admin, grand master or super admin, kept for 400 days. Values are never stored, only the
        names of the fields sent.
      </p>
      <FormAlert message={list.error} />
      <ListFilters label="Find audit entries" onSubmit={onSearch}>
        <SearchField
          id="audit-search"
          label="Search"
          hint="Action, route, name, e-mail, record id or IP"
          defaultValue={query.search}
          maxLength={200}
        />
        <SearchField id="audit-actor" name="actor" type="text" label="Who (e-mail or user id)" defaultValue={query.actor} maxLength={64} />
        <SelectField id="audit-method" label="Method" allLabel="All writes" options={METHOD_OPTIONS} {...list.filter('method')} />
        <SelectField id="audit-target" label="Record type" allLabel="All types" options={TARGET_OPTIONS} {...list.filter('targetType')} />
        <DateRange id="audit-when" label="Date" from={query.from} to={query.to} error={range.error} />
      </ListFilters>
      <ListResults list={list} noun="entries" singular="entry" filtered={filtered(query)}>
        <AuditTable
          id="audit"
          entries={list.items}
          busy={list.loading}
          userHref={(id) => `${panel.base}/users/${encodeURIComponent(id)}`}
        />
      </ListResults>
    </ListScreen>
  );
}
