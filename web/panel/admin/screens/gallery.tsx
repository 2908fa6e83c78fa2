import { MEDIA_ACCEPT, MEDIA_TYPES, UPLOAD_MESSAGES, VIDEO_MAX_BYTES, VIDEO_MIME_TYPES, IMAGE_MIME_TYPES } from '#core/media/limits.ts';
import { api } from '#web/lib/api.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader } from '#web/panel/resource/call.ts';
import type { Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { capitalize, featuredToggle, options, str, yesNo } from './shared.tsx';
import { formatBytes } from '#web/panel/resource/file-input.tsx';
import { AssetImport } from '#web/panel/admin/gallery/asset-import.tsx';

/** The stats keys of GET /assets/stats/summary, in the order the cards show them. */
const STAT_CARDS = [
  ['totalAssets', 'Total assets'],
  ['imageCount', 'Images'],
  ['videoCount', 'Videos'],
  ['featuredCount', 'Featured'],
  ['uploadedCount', 'Uploaded'],
  ['externalCount', 'External links'],
] as const;

const isImage = (a: Item) => a.mediaType === 'image';

export const galleryConfig: ResourceConfig = {
  key: 'gallery',
  title: 'Gallery',
  singular: 'asset',
  plural: 'assets',
  endpoint: '/assets',
  pageSize: 20,
  read: apiReader('/assets', 'Failed to fetch assets'),
  search: 'Search by title, description or tag',
  filters: [
    { name: 'mediaType', label: 'Type', options: options(MEDIA_TYPES, (t) => `${capitalize(t)}s`) },
    {
      name: 'source',
      label: 'Source',
      options: [
        { value: 'upload', label: 'Uploaded' },
        { value: 'external', label: 'External links' },
      ],
    },
    yesNo('featured', 'Featured', 'Featured', 'Not featured'),
  ],
  columns: [
    { label: 'Type', render: (a) => capitalize(str(a, 'mediaType')) },
    {
      label: 'Source',
      render: (a) =>
        a.source === 'upload' ? (
          <>
            Uploaded
            {typeof a.size === 'number' && (
              <span className="cell-note">
                {formatBytes(a.size)}
                {a.width ? ` · ${a.width}×${a.height}` : ''}
              </span>
            )}
          </>
        ) : (
          <a href={str(a, 'url')} target="_blank" rel="noopener noreferrer">
            External link
          </a>
        ),
    },
  ],
  nameOf: (a) => str(a, 'title') || str(a, 'altText') || 'Untitled asset',
  thumbnail: (a) => (isImage(a) ? str(a, 'url') : null),
  summary: async (_answer, signal) => {
    const body = await api<Record<string, number>>('/assets/stats/summary', { signal, fallback: 'Failed to fetch asset statistics' });
    const stats = (body.stats ?? body.data ?? {}) as Record<string, number>;
    return STAT_CARDS.map(([key, label]) => ({ label, value: stats[key] ?? 0 }));
  },
  extras: AssetImport,
  toggles: [featuredToggle('/assets')],
  bulkDelete: { path: '/assets/bulk-delete', method: 'POST', idsKey: 'assetIds' },
  fields: [
    {
      name: 'file',
      label: 'Image or video file',
      type: 'image',
      rules: {
        accept: MEDIA_ACCEPT,
        types: [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES],
        typeMessage: UPLOAD_MESSAGES.mediaType,
        maxBytes: VIDEO_MAX_BYTES,
        tooLargeMessage: UPLOAD_MESSAGES.videoTooLarge,
      },
      hint: 'Images up to 5MB, videos up to 50MB. Or give a link below instead.',
      preview: (a) => (isImage(a) && a.source === 'upload' ? str(a, 'url') : null),
    },
    {
      name: 'externalUrlLink',
      label: 'External link',
      type: 'url',
      placeholder: 'https://',
      hint: 'An image or video hosted elsewhere (YouTube, Vimeo…).',
    },
    {
      name: 'mediaType',
      label: 'Media type',
      type: 'select',
      options: options(MEDIA_TYPES),
      hint: 'Needed for links; an uploaded file’s type is read from the file.',
    },
    { name: 'title', label: 'Title', type: 'text', maxLength: 200, blank: 'empty' },
    {
      name: 'altText',
      label: 'Alt text',
      type: 'text',
      maxLength: 300,
      blank: 'empty',
      hint: 'Describes the picture for people who cannot see it.',
    },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 2000, blank: 'empty' },
    { name: 'tags', label: 'Tags', type: 'list', maxItems: 20 },
    { name: 'featured', label: 'Featured', type: 'checkbox', defaultValue: false },
  ],
};

export default function GalleryScreen(props: PanelScreenProps) {
  return <ResourceScreen config={galleryConfig} base={props.base} path={props.path} />;
}
