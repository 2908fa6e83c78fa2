import { and, eq, inArray, like, or } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { CreatePostSchema, POST_MESSAGES, UpdatePostSchema } from '#core/media/post-schemas.ts';
import { excerptFrom } from '#core/media/excerpt.ts';
import { nextFreeSlug, slugify } from '#core/slug.ts';
import { posts, type PostRow } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { insertWithImage, updateWithImage, type StoredImage } from '#worker/lib/image-slot.ts';
import { deleteOwnerMedia } from '#worker/lib/media-attachments.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, type RequestBody } from '#worker/lib/body.ts';
import { sameKey } from '#worker/lib/sql.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';
import { serializePost, withAuthor } from './posts.serialize.ts';

export const POST_PREFIX = 'posts';
const COVER_FIELDS = ['coverImage', 'cover', 'image', 'file'] as const;

const coverColumns = (img: StoredImage | null) => ({
  coverImageKey: img?.key ?? null,
  coverWidth: img?.width ?? null,
  coverHeight: img?.height ?? null,
});

async function freeSlug(ctx: ServiceCtx, title: string): Promise<string> {
  const base = slugify(title);
  const taken = await ctx.db
    .select({ slug: posts.slug })
    .from(posts)
    .where(or(eq(posts.slug, base), like(posts.slug, `${base}-%`)));
  return nextFreeSlug(
    base,
    taken.map((r) => r.slug),
  );
}

/** A slug given by the admin must be free (409); one made from the title is retried if taken meanwhile. */
async function withSlug<T>(ctx: ServiceCtx, given: string | undefined, title: string, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const slug = given ?? (attempt < 3 ? await freeSlug(ctx, title) : `${slugify(title).slice(0, 60)}-${newId().slice(-6)}`);
    try {
      return await write(slug);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (given || attempt >= 3) throw conflict(POST_MESSAGES.slugTaken);
    }
  }
}

/** POST /api/posts: publishing without a date publishes now; a blank excerpt is made from the body. */
export async function createPost(ctx: ServiceCtx, input: RequestBody) {
  const data = parseInput(CreatePostSchema, input.fields);
  const [file] = filesOf(input, COVER_FIELDS);
  const status = data.status ?? 'draft';
  const body = data.body ?? '';
  const row = await insertWithImage(ctx, POST_PREFIX, file, (image) =>
    withSlug(ctx, data.slug, data.title, (slug) =>
      ctx.db
        .insert(posts)
        .values({
          id: newId(),
          title: data.title,
          slug,
          excerpt: data.excerpt || excerptFrom(body),
          body,
          tags: data.tags ?? [],
          status,
          publishedAt: data.publishedAt ?? (status === 'published' ? new Date() : null),
          authorId: signedIn(ctx).id,
          ...coverColumns(image),
        })
        .returning()
        .get(),
    ),
  );
  return withAuthor(serializePost(row), row);
}

async function loadPost(ctx: ServiceCtx, id: string): Promise<PostRow> {
  const row = await ctx.db.select().from(posts).where(eq(posts.id, id)).get();
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return row;
}

/** PUT /api/posts/:id: the slug stays when the title changes (links keep working) unless a new slug is given. */
export async function updatePost(ctx: ServiceCtx, id: string, input: RequestBody) {
  const { removeCoverImage, slug, ...data } = parseInput(UpdatePostSchema, input.fields);
  const current = await loadPost(ctx, id);
  const [file] = filesOf(input, COVER_FIELDS);
  const publishNow = data.status === 'published' && data.publishedAt === undefined && !current.publishedAt;
  const row = await updateWithImage(ctx, {
    prefix: POST_PREFIX,
    file,
    remove: removeCoverImage,
    oldKey: current.coverImageKey,
    notFoundMessage: POST_MESSAGES.notFound,
    exists: async () => !!(await ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).get()),
    update: async (image) => {
      try {
        return await ctx.db
          .update(posts)
          .set({
            ...data,
            ...(slug && { slug }),
            ...(publishNow && { publishedAt: new Date() }),
            ...(image === undefined ? {} : coverColumns(image)),
            updatedAt: new Date(),
          })
          .where(and(eq(posts.id, id), sameKey(posts.coverImageKey, current.coverImageKey)))
          .returning()
          .get();
      } catch (err) {
        throw isUniqueViolation(err) ? conflict(POST_MESSAGES.slugTaken) : err;
      }
    },
  });
  return withAuthor(serializePost(row), row);
}

/** Rows first, then their cover objects and attached media (GET/POST /api/media/<postId>). */
async function removePosts(ctx: ServiceCtx, ids: string[]) {
  const rows = await ctx.db.delete(posts).where(inArray(posts.id, ids)).returning({ id: posts.id, coverImageKey: posts.coverImageKey });
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.coverImageKey),
  );
  await deleteOwnerMedia(
    ctx,
    rows.map((r) => r.id),
  );
  return rows;
}

export async function deletePost(ctx: ServiceCtx, id: string) {
  const [row] = await removePosts(ctx, [id]);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return { _id: row.id };
}

export async function bulkDeletePosts(ctx: ServiceCtx, postIds: string[]) {
  return { deletedCount: (await removePosts(ctx, postIds)).length };
}
