import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckField, Control, Field, FieldFrame, SelectField } from '#web/components/form-kit.tsx';

/** The attributes of the first <tag> in the markup, whatever their order. */
const attrsOf = (markup: string, tag: string) =>
  Object.fromEntries(
    [...(markup.match(new RegExp(`<${tag} ([^>]*?)/?>`))?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
const html = (el: Parameters<typeof renderToString>[0]) => renderToString(el).replace(/<!-- -->/g, '');

describe('the form kit (one field frame and set of controls for islands and panel)', () => {
  it('ties the label to the control and the hint and error to it with aria-describedby and aria-invalid', () => {
    const out = html(h(Field, { id: 'f-name', name: 'name', label: 'Name', hint: 'As on your card', error: 'Name is required' }));
    expect(out).toContain('<label for="f-name">Name</label>');
    expect(out).toContain('<p id="f-name-hint" class="field-hint">As on your card</p>');
    expect(out).toContain('<p id="f-name-error" class="field-error">Name is required</p>');
    expect(attrsOf(out, 'input')).toEqual({
      id: 'f-name',
      name: 'name',
      type: 'text',
      required: '',
      'aria-invalid': 'true',
      'aria-describedby': 'f-name-hint f-name-error',
    });
    expect(out).toMatch(/^<div class="field field-invalid">/);
  });

  it('marks an optional field in its label (or with its own words) and leaves it not required', () => {
    expect(html(h(Field, { id: 'a', label: 'Phone', optional: true }))).toContain(
      '<label for="a">Phone<span class="field-optional"> (optional)</span></label><input id="a" type="text"/>',
    );
    expect(html(h(Field, { id: 'b', label: 'Reason', optional: '(optional, shown to admins)', rows: 3 }))).toContain(
      'Reason<span class="field-optional"> (optional, shown to admins)</span></label><textarea id="b" rows="3"></textarea>',
    );
  });

  it('renders a select with its blank option, a textarea and a file input from the same control', () => {
    const select = html(h(Control, { id: 's', options: [{ value: 'a', label: 'A' }], blankOption: '—', defaultValue: 'a' }));
    expect(select).toBe('<select id="s"><option value="">—</option><option value="a" selected="">A</option></select>');
    expect(attrsOf(html(h(Control, { id: 'f', type: 'file', multiple: true, error: 'Too big' })), 'input')).toEqual({
      id: 'f',
      type: 'file',
      multiple: '',
      'aria-invalid': 'true',
      'aria-describedby': 'f-error',
    });
  });

  it('puts a checkbox before its label, and labels a group with a legend described by its error', () => {
    const check = html(h(CheckField, { id: 'c', name: 'on', label: 'Published', error: 'Say yes' }));
    expect(check).toMatch(
      /<div class="check-row"><input [^>]*\/><label for="c">Published<\/label><\/div><p id="c-error" class="field-error">/,
    );
    expect(attrsOf(check, 'input')).toEqual({
      id: 'c',
      type: 'checkbox',
      name: 'on',
      'aria-invalid': 'true',
      'aria-describedby': 'c-error',
    });
    const group = html(h(FieldFrame, { id: 'g', label: 'Plans', error: 'Add a plan', as: 'legend', children: h('p', null, 'rows') }));
    expect(group).toBe(
      '<fieldset class="field field-invalid fieldset" aria-describedby="g-error"><legend>Plans</legend>' +
        '<p>rows</p><p id="g-error" class="field-error">Add a plan</p></fieldset>',
    );
  });

  it('keeps a filter select as it was: label, "all" first, no required', () => {
    expect(html(h(SelectField, { id: 'st', label: 'Status', allLabel: 'All', options: [{ value: 'new', label: 'New' }] }))).toBe(
      '<div class="field"><label for="st">Status</label><select id="st"><option value="">All</option><option value="new">New</option></select></div>',
    );
  });
});
