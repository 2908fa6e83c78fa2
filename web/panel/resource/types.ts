import type { ComponentType, ReactNode } from 'react';
import type { Pagination } from '#web/lib/api.ts';
import type { ContentAnswer, SendRequest } from '#web/lib/content-api.ts';

/** A resource as the API serialises it: `_id` plus camelCase fields. */
export type Item = { _id: string; [key: string]: unknown };

export type Option = { value: string; label: string };

/** What a blank input sends: nothing (the stored value stays), null (clears it) or '' (clears text). */
export type Blank = 'omit' | 'null' | 'empty';

type FieldBase = {
  /** The wire name; dotted for nested JSON (`contact.email` → `contact[email]` in a form). */
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Defaults to `<label> is required`. */
  requiredMessage?: string;
  blank?: Blank;
  /** Shown only when creating or only when editing. */
  only?: 'create' | 'edit';
  /** Starts a titled part of the form. */
  section?: string;
  /** Takes a whole row of the form grid. */
  wide?: boolean;
  /** The edit value, when it is not `item[name]`. */
  from?: (item: Item) => unknown;
};

export type TextField = FieldBase & {
  type: 'text' | 'textarea' | 'email' | 'url' | 'datetime' | 'time';
  maxLength?: number;
  rows?: number;
  placeholder?: string;
  defaultValue?: string;
};
export type NumberField = FieldBase & { type: 'number' | 'money'; min?: number; max?: number; step?: number; defaultValue?: string };
export type SelectField = FieldBase & { type: 'select'; options: readonly Option[]; blankLabel?: string; defaultValue?: string };
export type CheckboxField = FieldBase & { type: 'checkbox'; defaultValue?: boolean };
/** A list of short texts, typed one per line. */
export type ListField = FieldBase & { type: 'list'; maxItems?: number; rows?: number };

export type ExistingFile = { id: string; name: string; url?: string | null; image?: boolean };
export type UploadRules = { accept: string; types?: readonly string[]; typeMessage?: string; maxBytes?: number; tooLargeMessage?: string };

/** One picture: a preview of the stored one, a new file, and an optional "remove" flag. */
export type ImageField = FieldBase & {
  type: 'image';
  rules: UploadRules;
  preview?(item: Item): string | null | undefined;
  removeFlag?: string;
};
/** New files (one or many) and, when editing, the stored ones to keep. */
export type FilesField = FieldBase & {
  type: 'files';
  rules: UploadRules;
  multiple: boolean;
  existing?: { from: (item: Item) => ExistingFile[]; keepName: string; single?: boolean };
};

export type SubField = TextField | NumberField | SelectField | CheckboxField;
/** A repeatable group (membership plans, external links), sent as a JSON list. */
export type GroupField = FieldBase & { type: 'group'; itemLabel: string; fields: readonly SubField[]; maxItems?: number; keep?: string[] };

export type FieldDef = TextField | NumberField | SelectField | CheckboxField | ListField | ImageField | FilesField | GroupField;

export type ListQuery = { page: number; search: string; filters: Record<string, string> };

export type Column<T extends Item = Item> = { label: string; render(item: T): ReactNode; className?: string };

export type FilterDef = { name: string; label: string; options: readonly Option[]; allLabel?: string };

/** A per-row switch: the flag it shows and the call that flips it (as each API names it). */
export type ToggleDef<T extends Item = Item> = {
  field: string;
  on: string;
  off: string;
  /** Whether the flag is on; default `item[field] === true`. */
  isOn?(item: T): boolean;
  /** Button text: what pressing it does given the current state. */
  action(on: boolean): string;
  request(item: T, on: boolean): SendRequest;
};

export type SummaryCard = { label: string; value: number | string };

export type ResourceConfig<T extends Item = Item> = {
  key: string;
  title: string;
  singular: string;
  plural: string;
  /** POST here; GET/PUT/DELETE `<endpoint>/<id>`. */
  endpoint: string;
  pageSize: number;
  read: (query: ListQuery, pageSize: number, signal: AbortSignal) => Promise<ContentAnswer<T[]>>;
  /** A failed create's message when the server gives none; default `Failed to create <singular>`. */
  createFailed?: string;
  /** A failed read of one item's message when the server gives none; default `Failed to fetch <singular>`. */
  loadFailed?: string;
  /** Course and membership calls answer `success: false` instead of throwing (spec 8). */
  settled?: boolean;
  search?: string | false;
  filters?: readonly FilterDef[];
  columns: readonly Column<T>[];
  /** Header of the name column (default 'Name'). */
  nameLabel?: string;
  nameOf(item: T): string;
  thumbnail?(item: T): string | null | undefined;
  fields: readonly FieldDef[];
  toggles?: readonly ToggleDef<T>[];
  bulkDelete?: { path: string; method: 'DELETE' | 'POST'; idsKey: string };
  summary?(answer: ContentAnswer<T[]>, signal: AbortSignal): Promise<SummaryCard[]> | SummaryCard[];
  /** Shown above the list, e.g. a bulk import; `onChanged` reloads the list. */
  extras?: ComponentType<{ onChanged: (message: string) => void }>;
  /** Loads one item for editing, where the API has no `GET <endpoint>/<id>`. */
  loadItem?(id: string, signal: AbortSignal): Promise<T | null>;
  /** Adjusts the payload before it is sent (e.g. media type from the chosen file). */
  beforeSend?(payload: Record<string, unknown>, mode: 'create' | 'edit'): void;
};

/** The state a toggle shows for an item. */
export const toggleOn = (t: ToggleDef, item: Item) => (t.isOn ? t.isOn(item) : item[t.field] === true);

/** A page of a resource as its list holds it: the rows, where they stand, and the answer they came in. */
export type ResourcePage<T extends Item = Item> = { items: T[]; pagination: Pagination; answer: ContentAnswer<T[]> };
