import { asAdmin, send, tagged } from '#test/catalog-helpers.ts';

/** A program made through the API by an admin, with `ranks` ranks (position 1…n); answers its slug, ranks and the admin's token. */
export async function makeProgram(ranks = 0, body: Record<string, unknown> = {}) {
  const admin = await asAdmin();
  const slug = tagged();
  const res = await send('POST', '/api/programs', admin.token, { slug, name: `Program ${slug}`, ...body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const made = [];
  for (let i = 1; i <= ranks; i++) {
    const rank = await send('POST', `/api/programs/${slug}/ranks`, admin.token, { position: i, name: `Rank ${i}` });
    if (rank.status !== 201) throw new Error(JSON.stringify(rank.body));
    made.push(rank.body.rank as { _id: string; position: number });
  }
  return { slug, program: res.body.program, ranks: made, token: admin.token };
}
