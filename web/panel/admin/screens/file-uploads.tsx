import { readFileUploads } from '#web/lib/content-api.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { idPath, listParams } from '#web/panel/resource/call.ts';
import type { ExistingFile, Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { capitalize, IMAGE_RULES, str, yesNo } from './shared.tsx';

type StoredFile = { key: string; url: string; filename: string };
const excelOf = (u: Item): ExistingFile[] => {
  const f = u.excelFile as StoredFile | null;
  return f ? [{ id: f.key, name: f.filename, url: f.url }] : [];
};
const imagesOf = (u: Item): ExistingFile[] =>
  (Array.isArray(u.images) ? (u.images as StoredFile[]) : []).map((f) => ({ id: f.key, name: f.filename, url: f.url, image: true }));

/** A spreadsheet (Excel or CSV) plus images; the list is kept in the browser for when the API is unreachable (spec 8). */
export const fileUploadsConfig: ResourceConfig = {
  key: 'file-uploads',
  title: 'File uploads',
  singular: 'file upload',
  plural: 'file uploads',
  endpoint: '/file-uploads',
  createFailed: 'Failed to upload files',
  pageSize: 20,
  read: (q, limit, signal) => readFileUploads<Item>({ query: listParams(q, limit), signal }),
  search: 'Search by title, description or tag',
  filters: [yesNo('isPublished', 'Visibility', 'Published', 'Hidden')],
  columns: [
    { label: 'Category', render: (u) => capitalize(str(u, 'category')) },
    {
      label: 'Spreadsheet',
      render: (u) => {
        const [f] = excelOf(u);
        return f ? <a href={f.url ?? '#'}>{f.name}</a> : <span className="muted">—</span>;
      },
    },
    { label: 'Images', render: (u) => imagesOf(u).length, className: 'cell-number' },
  ],
  nameOf: (u) => str(u, 'title'),
  thumbnail: (u) => imagesOf(u)[0]?.url ?? null,
  toggles: [
    {
      field: 'isPublished',
      on: 'Published',
      off: 'Hidden',
      action: (on) => (on ? 'Hide' : 'Publish'),
      request: (u, on) => ({ path: idPath('/file-uploads', u._id), method: 'PUT', body: { isPublished: !on } }),
    },
  ],
  bulkDelete: { path: '/file-uploads', method: 'DELETE', idsKey: 'uploadIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    { name: 'category', label: 'Category', type: 'text', maxLength: 50, placeholder: 'general', blank: 'empty' },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 5000, blank: 'empty' },
    { name: 'tags', label: 'Tags', type: 'list', maxItems: 20 },
    {
      name: 'excelFile',
      label: 'Spreadsheet',
      type: 'files',
      multiple: false,
      hint: 'Excel (.xlsx, .xls) or CSV, up to 10MB. A new file replaces the stored one.',
      rules: {
        accept: '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv',
        types: ['.xlsx', '.xls', '.csv'],
        typeMessage: 'Only Excel (.xlsx, .xls) and CSV files are allowed',
        maxBytes: 10 * 1024 * 1024,
        tooLargeMessage: 'Excel file size must not exceed 10MB',
      },
      existing: { from: excelOf, keepName: 'existingExcelFile', single: true },
    },
    {
      name: 'images',
      label: 'Images',
      type: 'files',
      multiple: true,
      hint: 'JPEG, PNG or WebP, up to 5MB each, at most 10 per upload.',
      rules: IMAGE_RULES,
      existing: { from: imagesOf, keepName: 'existingImages' },
    },
    { name: 'isPublished', label: 'Published (visible on the website)', type: 'checkbox', defaultValue: true },
  ],
};

export default function FileUploadsScreen(props: PanelScreenProps) {
  return <ResourceScreen config={fileUploadsConfig} base={props.base} path={props.path} />;
}
