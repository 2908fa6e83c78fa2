import { GRADES, LINK_TYPES, SYLLABUS_CATEGORIES } from '#core/syllabus/grades.ts';
import { SYLLABUS_LIMITS, SYLLABUS_MESSAGES } from '#core/syllabus/syllabus-messages.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader } from '#web/panel/resource/call.ts';
import type { ExistingFile, Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { activeToggle, capitalize, options, str, yesNo } from './shared.tsx';

const gradeLabel = (g: string) => (g.startsWith('black-') ? `Black belt, ${g.slice(6)}. dan` : `${capitalize(g)} belt`);
const GRADE_OPTIONS = options(GRADES, gradeLabel);
const CATEGORY_OPTIONS = options(SYLLABUS_CATEGORIES);

type Material = { _id: string; filename: string; url: string | null; kind: string };
const materialsOf = (s: Item): ExistingFile[] =>
  (Array.isArray(s.materials) ? (s.materials as Material[]) : []).map((m) => ({
    id: m._id,
    name: m.filename,
    url: m.url,
    image: m.kind === 'image',
  }));
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);

export const syllabusConfig: ResourceConfig = {
  key: 'syllabus',
  title: 'Syllabus',
  singular: 'syllabus item',
  plural: 'syllabus items',
  endpoint: '/syllabus',
  pageSize: 20,
  read: apiReader('/syllabus', 'Failed to fetch syllabus items'),
  search: 'Search by title or description',
  filters: [
    { name: 'grade', label: 'Grade', options: GRADE_OPTIONS, allLabel: 'All grades' },
    { name: 'category', label: 'Category', options: CATEGORY_OPTIONS, allLabel: 'All categories' },
    yesNo('isActive', 'Status', 'Active', 'Inactive'),
  ],
  columns: [
    { label: 'Grade', render: (s) => gradeLabel(str(s, 'grade')) },
    { label: 'Category', render: (s) => capitalize(str(s, 'category')) },
    { label: 'Materials', render: (s) => `${count(s.materials)} files · ${count(s.externalLinks)} links` },
  ],
  nameOf: (s) => str(s, 'title'),
  toggles: [activeToggle('/syllabus')],
  bulkDelete: { path: '/syllabus', method: 'DELETE', idsKey: 'syllabusIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: SYLLABUS_LIMITS.titleMax },
    { name: 'grade', label: 'Grade', type: 'select', options: GRADE_OPTIONS, required: true, blankLabel: 'Choose a grade' },
    { name: 'category', label: 'Category', type: 'select', options: CATEGORY_OPTIONS, required: true, blankLabel: 'Choose a category' },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: SYLLABUS_LIMITS.descriptionMax, blank: 'empty' },
    {
      name: 'materials',
      label: 'Materials',
      type: 'files',
      multiple: true,
      hint: 'PDF or Word documents (10MB), JPEG, PNG or WebP images (5MB), MP4 videos (25MB). Only students of this grade can open them.',
      rules: {
        accept:
          '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png,image/webp,video/mp4',
        types: ['application/pdf', '.pdf', '.docx', 'image/jpeg', 'image/png', 'image/webp', 'video/mp4'],
        typeMessage: SYLLABUS_MESSAGES.materialType,
        maxBytes: SYLLABUS_LIMITS.videoBytes,
        tooLargeMessage: SYLLABUS_MESSAGES.videoTooLarge,
      },
      existing: { from: materialsOf, keepName: 'existingMaterials' },
    },
    {
      name: 'externalLinks',
      label: 'External links',
      type: 'group',
      itemLabel: 'Link',
      maxItems: SYLLABUS_LIMITS.linksPerItem,
      fields: [
        { name: 'title', label: 'Link title', type: 'text', maxLength: SYLLABUS_LIMITS.linkTitleMax },
        {
          name: 'url',
          label: 'URL',
          type: 'url',
          required: true,
          requiredMessage: SYLLABUS_MESSAGES.linkUrlRequired,
          placeholder: 'https://',
        },
        { name: 'type', label: 'Type', type: 'select', options: options(LINK_TYPES), required: true, defaultValue: 'other' },
      ],
    },
    { name: 'isActive', label: 'Active (visible to students)', type: 'checkbox', defaultValue: true },
  ],
};

export default function SyllabusScreen(props: PanelScreenProps) {
  return <ResourceScreen config={syllabusConfig} base={props.base} path={props.path} />;
}
