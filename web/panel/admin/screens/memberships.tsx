import { MAX_PLANS } from '#core/catalog/catalog-options.ts';
import type { MembershipDto } from '#core/catalog/types.ts';
import { readMemberships } from '#web/lib/content-api.ts';
import { listParams } from '#web/panel/resource/call.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { Loading } from '#web/components/loading.tsx';
import { useShopConfig } from '#web/panel/admin/shop/shop-config.ts';
import type { Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { featuredToggle, IMAGE_RULES, money, yesNo } from './shared.tsx';
import { catalogSummary, toggleStatus } from './catalog-parts.ts';

type Membership = MembershipDto & Item;

function plans(m: Membership) {
  const list = Array.isArray(m.plans) ? m.plans : [];
  if (!list.length) return <span className="muted">No plans</span>;
  return (
    <>
      {list.length} {list.length === 1 ? 'plan' : 'plans'}
      {m.startingPrice !== null && <span className="cell-note">from {money(m.startingPrice)}</span>}
    </>
  );
}

export const membershipsConfig: ResourceConfig<Membership> = {
  key: 'memberships',
  title: 'Memberships',
  singular: 'membership',
  plural: 'memberships',
  endpoint: '/memberships',
  pageSize: 20,
  settled: true,
  read: (q, limit, signal) => readMemberships<Membership>({ admin: true, query: listParams(q, limit), signal }),
  search: 'Search by name',
  filters: [yesNo('isActive', 'Status', 'Active', 'Inactive'), yesNo('featured', 'Featured', 'Featured', 'Not featured')],
  columns: [
    { label: 'Plans', render: plans },
    { label: 'Order', render: (m) => m.sortOrder, className: 'cell-number' },
  ],
  nameOf: (m) => m.name,
  thumbnail: (m) => m.image,
  summary: catalogSummary('Memberships'),
  toggles: [toggleStatus('/memberships'), featuredToggle('/memberships')],
  bulkDelete: { path: '/memberships', method: 'DELETE', idsKey: 'membershipIds' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 120 },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 5000, blank: 'null' },
    { name: 'benefits', label: 'Benefits', type: 'list', maxItems: 30 },
    { name: 'sortOrder', label: 'Sort order', type: 'number', min: -10_000, max: 10_000, hint: 'Lower numbers come first.' },
    {
      name: 'plans',
      label: 'Plans',
      type: 'group',
      itemLabel: 'Plan',
      maxItems: MAX_PLANS,
      keep: ['planId'],
      hint: 'For example Monthly, Quarterly and Annual.',
      fields: [
        { name: 'name', label: 'Plan name', type: 'text', required: true, maxLength: 60 },
        { name: 'durationMonths', label: 'Duration (months)', type: 'number', required: true, min: 1, max: 120 },
        { name: 'price', label: 'Plan price', type: 'money', required: true, max: 999_999.99 },
        { name: 'discountPrice', label: 'Plan discount price', type: 'money', max: 999_999.99, blank: 'null' },
        { name: 'gstRate', label: 'GST rate (%)', type: 'number', min: 0, max: 100, step: 0.01 },
        { name: 'isActive', label: 'Plan offered', type: 'checkbox', defaultValue: true },
      ],
    },
    {
      name: 'image',
      label: 'Image',
      type: 'image',
      rules: IMAGE_RULES,
      preview: (m) => m.image as string | null,
      removeFlag: 'removeImage',
    },
    { name: 'isActive', label: 'Active (shown on the website)', type: 'checkbox', defaultValue: true },
    { name: 'featured', label: 'Featured', type: 'checkbox', defaultValue: false },
  ],
};

export default function MembershipsScreen(props: PanelScreenProps) {
  const config = useShopConfig(membershipsConfig);
  return config ? <ResourceScreen config={config} base={props.base} path={props.path} /> : <Loading label="Loading..." />;
}
