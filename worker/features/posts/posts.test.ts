import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bigPng,
  bucket,
  expectAdminOnly,
  formOf,
  jpeg,
  keyOf,
  keysUnder,
  objectsNamed,
  png,
  sendForm,
  SVG,
  tokenOf,
} from '#test/content-helpers.ts';
import { seedPost, tagged } from './posts.test-helpers.ts';

const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe('POST /api/posts', () => {
  it('creates a draft from JSON with a slug from the title and an excerpt from the body', async () => {
    const title = `Grading day ${uniq()} — what to expect!`;
    const body = '# Grading\n\nBring your **gi**, your belt and a [water bottle](https://x.example).\n\n<script>alert(1)</script>';
    const res = await api('/api/posts', { token: await tokenOf('admin'), body: { title, body, tags: ['Grading', 'news'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Post created successfully' });
    expect(res.body.data).toMatchObject({ title, body, status: 'draft', publishedAt: null, tags: ['grading', 'news'], coverImage: null });
    expect(res.body.data.slug).toMatch(/^grading-day-[a-z0-9]+-what-to-expect$/);
    expect(res.body.data.excerpt).toBe('Grading Bring your gi, your belt and a water bottle. <script>alert(1)</script>');
    expect(res.body.post).toEqual(res.body.data);
  });

  it('publishes now when status is published without a date, and keeps slugs unique', async () => {
    const token = await tokenOf('admin');
    const title = `Summer camp ${uniq()}`;
    const first = await api('/api/posts', { token, body: { title, status: 'published' } });
    const second = await api('/api/posts', { token, body: { title, status: 'published' } });
    expect(first.status).toBe(201);
    expect(Math.abs(Date.parse(first.body.data.publishedAt) - Date.now())).toBeLessThan(60_000);
    expect(second.body.data.slug).toBe(`${first.body.data.slug}-2`);
  });

  it('creates from form data with a cover image', async () => {
    const res = await sendForm(
      '/api/posts',
      formOf(
        { title: 'Dojo news', status: 'published', tags: 'news,dojo', publishedAt: '2026-01-15T10:00:00Z' },
        { coverImage: { bytes: jpeg(), name: 'cover.jpg' } },
      ),
      {
        token: await tokenOf('grandmaster'),
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'published',
      publishedAt: '2026-01-15T10:00:00.000Z',
      tags: ['news', 'dojo'],
      coverWidth: 640,
      coverHeight: 480,
    });
    expect(res.body.data.coverImage).toMatch(/^\/api\/files\/posts\/[0-9a-z]{24}\.jpg$/);
    expect(await bucket().head(keyOf(res.body.data.coverImage))).not.toBeNull();
  });

  it.each([
    [{ body: 'no title' }, 'Title is required'],
    [{ title: 't', status: 'live' }, 'Status must be draft or published'],
    [{ title: 't', slug: 'Not A Slug!' }, 'Slug may only contain lowercase letters, numbers and single hyphens (at most 80 characters)'],
    [{ title: 't', publishedAt: 'someday' }, 'Published date must be a valid date'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await api('/api/posts', { token: await tokenOf('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('refuses a slug already taken with 409, and leaves no cover object behind', async () => {
    const token = await tokenOf('admin');
    const slug = `taken-${uniq()}`;
    expect((await api('/api/posts', { token, body: { title: 'One', slug } })).status).toBe(201);
    const name = `cover-${uniq()}.png`;
    const res = await sendForm('/api/posts', formOf({ title: 'Two', slug }, { coverImage: { bytes: await png(), name } }), { token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'A post with this slug already exists' });
    expect(await objectsNamed('posts/', name)).toEqual([]);
  });

  it('refuses a wrong cover type (415) or size (413), storing nothing', async () => {
    const token = await tokenOf('admin');
    const svg = `s-${uniq()}.svg`;
    const wrong = await sendForm('/api/posts', formOf({ title: 't' }, { coverImage: { bytes: SVG, name: svg } }), { token });
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    const big = `b-${uniq()}.png`;
    const tooBig = await sendForm(
      '/api/posts',
      formOf({ title: 't' }, { coverImage: { bytes: await bigPng(5 * 1024 * 1024 + 1), name: big } }),
      { token },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Image size must not exceed 5MB');
    expect(await objectsNamed('posts/', svg)).toEqual([]);
    expect(await objectsNamed('posts/', big)).toEqual([]);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly((token) => api('/api/posts', { body: { title: `Role ${uniq()}` }, ...(token ? { token } : {}) }));
  });
});

describe('GET /api/posts', () => {
  it('shows visitors published posts only, newest first, 10 per page by default, without bodies', async () => {
    const tag = tagged();
    const older = await seedPost({ tags: [tag], publishedAt: new Date(Date.now() - 7_200_000) });
    const newer = await seedPost({ tags: [tag], publishedAt: new Date(Date.now() - 3_600_000) });
    const draft = await seedPost({ tags: [tag], status: 'draft', publishedAt: null });
    const scheduled = await seedPost({ tags: [tag], publishedAt: new Date(Date.now() + 86_400_000) });
    const visitor = await api(`/api/posts?tag=${tag}`);
    expect(visitor.status).toBe(200);
    expect(ids(visitor.body.data)).toEqual([newer.id, older.id]);
    expect(visitor.body.data[0]).not.toHaveProperty('body');
    expect(visitor.body.posts).toEqual(visitor.body.data);
    expect(visitor.body.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1, hasMore: false });
    const member = await api(`/api/posts?tag=${tag}&status=draft`, { token: await tokenOf('member') });
    expect(ids(member.body.data)).toEqual([newer.id, older.id]);
    const admin = await api(`/api/posts?tag=${tag}`, { token: await tokenOf('admin') });
    expect(ids(admin.body.data).sort()).toEqual([older.id, newer.id, draft.id, scheduled.id].sort());
    const drafts = await api(`/api/posts?tag=${tag}&status=draft`, { token: await tokenOf('admin') });
    expect(ids(drafts.body.data)).toEqual([draft.id]);
  });

  it('filters by tag and search, and pages', async () => {
    const tag = tagged();
    const word = `kumite${uniq()}`;
    const hit = await seedPost({ tags: [tag], title: `All about ${word}` });
    await seedPost({ tags: [tag] });
    const found = await api(`/api/posts?search=${word}`);
    expect(ids(found.body.data)).toEqual([hit.id]);
    const paged = await api(`/api/posts?tag=${tag}&limit=1&page=2`);
    expect(paged.body.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2, hasMore: false });
    expect((await api(`/api/posts?tag=${tag.toUpperCase()}`)).body.data).toHaveLength(2);
  });
});

describe('GET /api/posts/:id', () => {
  it('finds a post by id or by slug', async () => {
    const row = await seedPost({ body: 'Full <b>body</b> & more' });
    for (const key of [row.id, row.slug]) {
      const res = await api(`/api/posts/${key}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: row.id, slug: row.slug, body: 'Full <b>body</b> & more' });
    }
  });

  it('hides drafts and scheduled posts from visitors (404), not from admins', async () => {
    const draft = await seedPost({ status: 'draft', publishedAt: null });
    const scheduled = await seedPost({ publishedAt: new Date(Date.now() + 86_400_000) });
    for (const row of [draft, scheduled]) {
      const visitor = await api(`/api/posts/${row.slug}`);
      expect(visitor.status).toBe(404);
      expect(visitor.body.message).toBe('Post not found');
      expect((await api(`/api/posts/${row.id}`, { token: await tokenOf('student') })).status).toBe(404);
      expect((await api(`/api/posts/${row.id}`, { token: await tokenOf('admin') })).status).toBe(200);
    }
  });
});

describe('PUT /api/posts/:id', () => {
  it('updates the fields sent; the slug stays when the title changes', async () => {
    const row = await seedPost({ status: 'draft', publishedAt: null, excerpt: 'keep' });
    const res = await api(`/api/posts/${row.id}`, {
      method: 'PUT',
      token: await tokenOf('admin'),
      body: { title: 'A new title', status: 'published' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Post updated successfully' });
    expect(res.body.data).toMatchObject({ title: 'A new title', slug: row.slug, excerpt: 'keep', status: 'published' });
    expect(res.body.data.publishedAt).not.toBeNull();
    expect((await api(`/api/posts/${row.slug}`)).status).toBe(200);
  });

  it('changes the slug when asked, refusing one that is taken (409)', async () => {
    const token = await tokenOf('admin');
    const a = await seedPost();
    const b = await seedPost();
    const fresh = `fresh-${uniq()}`;
    expect((await api(`/api/posts/${a.id}`, { method: 'PUT', token, body: { slug: fresh } })).body.data.slug).toBe(fresh);
    const clash = await api(`/api/posts/${b.id}`, { method: 'PUT', token, body: { slug: fresh } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('A post with this slug already exists');
  });

  it('replaces the cover (old object deleted) and removes it with removeCoverImage', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm(
      '/api/posts',
      formOf({ title: `Cover ${uniq()}` }, { coverImage: { bytes: await png(), name: 'a.png' } }),
      { token },
    );
    const first = created.body.data.coverImage;
    const swapped = await sendForm(`/api/posts/${created.body.data._id}`, formOf({}, { coverImage: { bytes: jpeg(), name: 'b.jpg' } }), {
      token,
      method: 'PUT',
    });
    expect(swapped.status).toBe(200);
    expect(await bucket().head(keyOf(first))).toBeNull();
    const removed = await api(`/api/posts/${created.body.data._id}`, { method: 'PUT', token, body: { removeCoverImage: true } });
    expect(removed.body.data.coverImage).toBeNull();
    expect(await bucket().head(keyOf(swapped.body.data.coverImage))).toBeNull();
  });

  it('keeps the old cover and drops the new one when the update fails (slug clash)', async () => {
    const token = await tokenOf('admin');
    const other = await seedPost();
    const created = await sendForm(
      '/api/posts',
      formOf({ title: `Clash ${uniq()}` }, { coverImage: { bytes: await png(), name: 'a.png' } }),
      { token },
    );
    const name = `new-${uniq()}.png`;
    const res = await sendForm(
      `/api/posts/${created.body.data._id}`,
      formOf({ slug: other.slug }, { coverImage: { bytes: await png(), name } }),
      { token, method: 'PUT' },
    );
    expect(res.status).toBe(409);
    expect(await objectsNamed('posts/', name)).toEqual([]);
    expect(await bucket().head(keyOf(created.body.data.coverImage))).not.toBeNull();
  });

  it('is 404 for an unknown id and for admin-capable roles only', async () => {
    expect((await api('/api/posts/nope', { method: 'PUT', token: await tokenOf('admin'), body: { title: 'x' } })).status).toBe(404);
    await expectAdminOnly(async (token) =>
      api(`/api/posts/${(await seedPost()).id}`, { method: 'PUT', body: { excerpt: 'e' }, ...(token ? { token } : {}) }),
    );
  });
});

describe('DELETE /api/posts/:id and DELETE /api/posts', () => {
  it('deletes a post with its cover and its attached media', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm(
      '/api/posts',
      formOf({ title: `Bye ${uniq()}` }, { coverImage: { bytes: await png(), name: 'a.png' } }),
      { token },
    );
    const id = created.body.data._id;
    await sendForm(`/api/media/${id}`, formOf({}, { files: { bytes: await png(), name: 'gallery.png' } }), { token });
    expect(await keysUnder(`media/${id}/`)).toHaveLength(1);
    const res = await api(`/api/posts/${id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: id }, message: 'Post deleted successfully' });
    expect(await bucket().head(keyOf(created.body.data.coverImage))).toBeNull();
    expect(await keysUnder(`media/${id}/`)).toEqual([]);
    expect((await api(`/api/posts/${id}`, { token })).status).toBe(404);
  });

  it('bulk-deletes by postIds', async () => {
    const token = await tokenOf('admin');
    const a = await seedPost();
    const b = await seedPost({ status: 'draft' });
    const res = await api('/api/posts', { method: 'DELETE', token, body: { postIds: [a.id, b.id] } });
    expect(res.body).toMatchObject({ success: true, data: { deletedCount: 2 }, count: 2, message: '2 posts deleted successfully' });
    for (const body of [{}, { postIds: [] }]) {
      const bad = await api('/api/posts', { method: 'DELETE', token, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Post IDs array is required');
    }
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) => api(`/api/posts/${(await seedPost()).id}`, { method: 'DELETE', ...(token ? { token } : {}) }));
    await expectAdminOnly(async (token) =>
      api('/api/posts', { method: 'DELETE', body: { postIds: [(await seedPost()).id] }, ...(token ? { token } : {}) }),
    );
  });
});
