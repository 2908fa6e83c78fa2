import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import { formOf, HOSTILE_BODIES, png, sendForm, sendRaw, tokenOf, expectPixelBombRefused, userFor } from '#test/content-helpers.ts';
import { seedPost, tagged } from './posts.test-helpers.ts';

describe('hostile bodies', () => {
  it('never answer a 5xx', async () => {
    const token = await tokenOf('admin');
    const row = await seedPost();
    for (const raw of HOSTILE_BODIES) {
      for (const [method, path] of [
        ['POST', '/api/posts'],
        ['PUT', `/api/posts/${row.id}`],
        ['DELETE', '/api/posts'],
      ] as const) {
        const res = await sendRaw(path, method, raw, token);
        expect(res.status, `${method} ${path} ${raw.slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const token = await tokenOf('admin');
    await expectPixelBombRefused((file) => sendForm('/api/posts', formOf({ title: 'Bomb' }, { coverImage: file }), { token }), 'posts/');
  });
});

describe('what visitors learn of hidden posts and of authors', () => {
  it('answers 404 to visitors listing a draft or scheduled post’s attachments, like the post; admins still see them', async () => {
    const token = await tokenOf('admin');
    const draft = await seedPost({ status: 'draft', publishedAt: null });
    const scheduled = await seedPost({ publishedAt: new Date(Date.now() + 86_400_000) });
    const published = await seedPost();
    for (const row of [draft, scheduled, published]) {
      const up = await sendForm(`/api/media/${row.id}`, formOf({}, { files: { bytes: await png(), name: 'a.png' } }), { token });
      expect(up.status).toBe(201);
    }
    for (const row of [draft, scheduled]) {
      const visitor = await api(`/api/media/${row.id}`);
      expect(visitor.status).toBe(404);
      expect(visitor.body).toMatchObject({ success: false, message: 'Post not found' });
      expect((await api(`/api/media/${row.id}`, { token: await tokenOf('student') })).status).toBe(404);
      const admin = await api(`/api/media/${row.id}`, { token });
      expect(admin.status).toBe(200);
      expect(admin.body.data).toHaveLength(1);
    }
    const visible = await api(`/api/media/${published.id}`);
    expect(visible.status).toBe(200);
    expect(visible.body.data).toHaveLength(1);
  });

  it('serves a draft or scheduled post’s cover and attachments only to admin-capable callers, uncached; the public gets 404 until it is published', async () => {
    const token = await tokenOf('admin');
    const hiddenStates: Record<string, string>[] = [
      { status: 'draft' },
      { status: 'published', publishedAt: new Date(Date.now() + 86_400_000).toISOString() },
    ];
    for (const hidden of hiddenStates) {
      const created = await sendForm(
        '/api/posts',
        formOf({ title: `Hidden ${uniq()}`, ...hidden }, { coverImage: { bytes: await png(), name: 'c.png' } }),
        {
          token,
        },
      );
      expect(created.status).toBe(201);
      const post = created.body.data;
      const up = await sendForm(`/api/media/${post._id}`, formOf({}, { files: { bytes: await png(), name: 'a.png' } }), { token });
      const urls = [post.coverImage as string, up.body.data[0].url as string];
      expect(urls.every((u) => u.startsWith('/api/files/'))).toBe(true);
      for (const url of urls) {
        expect((await api(url)).status, url).toBe(404);
        expect((await api(url, { token: await tokenOf('student') })).status, url).toBe(404);
        const admin = await api(url, { token });
        expect(admin.status, url).toBe(200);
        expect(admin.headers.get('cache-control')).toBe('private, no-store');
      }
      const published = await api(`/api/posts/${post._id}`, {
        method: 'PUT',
        token,
        body: { status: 'published', publishedAt: new Date(Date.now() - 1000).toISOString() },
      });
      expect(published.status).toBe(200);
      for (const url of urls) {
        const visitor = await api(url);
        expect(visitor.status, url).toBe(200);
        expect(visitor.headers.get('cache-control')).toContain('public');
      }
    }
  });

  it('never shows the public a post’s author id; admin-capable callers get it', async () => {
    const admin = await userFor('admin');
    const tag = tagged();
    const created = await api('/api/posts', { token: admin.token, body: { title: `Author ${uniq()}`, status: 'published', tags: [tag] } });
    expect(created.body.data.authorId).toBe(admin.id);
    const id = created.body.data._id;
    const one = await api(`/api/posts/${id}`);
    const list = await api(`/api/posts?tag=${tag}`);
    expect(one.body.data).not.toHaveProperty('authorId');
    expect(list.body.data[0]._id).toBe(id);
    expect(list.body.data[0]).not.toHaveProperty('authorId');
    expect((await api(`/api/posts/${id}`, { token: await tokenOf('member') })).body.data).not.toHaveProperty('authorId');
    expect((await api(`/api/posts/${id}`, { token: admin.token })).body.data.authorId).toBe(admin.id);
    expect((await api(`/api/posts?tag=${tag}`, { token: admin.token })).body.data[0].authorId).toBe(admin.id);
  });
});
