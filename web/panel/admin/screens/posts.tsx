import { POST_STATUSES } from '#core/media/post-options.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader, idPath } from '#web/panel/resource/call.ts';
import type { ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { dateTime, IMAGE_RULES, options, str } from './shared.tsx';

const STATUS_OPTIONS = options(POST_STATUSES);

export const postsConfig: ResourceConfig = {
  key: 'posts',
  title: 'Posts',
  singular: 'post',
  plural: 'posts',
  endpoint: '/posts',
  pageSize: 20,
  read: apiReader('/posts', 'Failed to fetch posts'),
  search: 'Search by title or text',
  filters: [{ name: 'status', label: 'Status', options: STATUS_OPTIONS }],
  columns: [
    { label: 'Published', render: (p) => dateTime(p.publishedAt) },
    { label: 'Tags', render: (p) => (Array.isArray(p.tags) && p.tags.length ? p.tags.join(', ') : <span className="muted">—</span>) },
  ],
  nameOf: (p) => str(p, 'title'),
  thumbnail: (p) => str(p, 'coverImage') || null,
  toggles: [
    {
      field: 'status',
      on: 'Published',
      off: 'Draft',
      isOn: (p) => p.status === 'published',
      action: (on) => (on ? 'Unpublish' : 'Publish'),
      request: (p, on) => ({ path: idPath('/posts', p._id), method: 'PUT', body: { status: on ? 'draft' : 'published' } }),
    },
  ],
  bulkDelete: { path: '/posts', method: 'DELETE', idsKey: 'postIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    { name: 'slug', label: 'Slug', type: 'text', maxLength: 80, hint: 'Part of the post address; made from the title when left empty.' },
    { name: 'status', label: 'Status', type: 'select', options: STATUS_OPTIONS, required: true, defaultValue: 'draft' },
    { name: 'publishedAt', label: 'Publication date', type: 'datetime', blank: 'null', hint: 'A future date schedules the post.' },
    { name: 'excerpt', label: 'Excerpt', type: 'textarea', rows: 3, maxLength: 500, blank: 'empty' },
    { name: 'body', label: 'Text', type: 'textarea', rows: 14, maxLength: 100_000, blank: 'empty' },
    { name: 'tags', label: 'Tags', type: 'list', maxItems: 20 },
    {
      name: 'coverImage',
      label: 'Cover image',
      type: 'image',
      rules: IMAGE_RULES,
      preview: (p) => str(p, 'coverImage'),
      removeFlag: 'removeCoverImage',
    },
  ],
};

export default function PostsScreen(props: PanelScreenProps) {
  return <ResourceScreen config={postsConfig} base={props.base} path={props.path} />;
}
